#!/usr/bin/env bash
# Fails the build when the default (lexical) pipeline's quality drops on the public benchmarks.
# Each folder is evaluated on a fixed 500-query sample (chosen by a seeded hash of the query id,
# identical on every run), which keeps CI fast; thresholds sit a few points under the measured
# values and above the plain-BM25 reference floor. Full-data figures: docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
benchmarks="${SHORTLIST_BENCHMARKS:-../shared/benchmarks}"
if [ ! -d "$benchmarks" ]; then
  echo "quality gate: $benchmarks not found; set SHORTLIST_BENCHMARKS" >&2
  exit 1
fi
cli="node packages/cli/dist/bin.js"
$cli eval "$benchmarks/bfcl" --pipeline lexical --sample 500 --format table --min ndcg@10=0.60 --min hit@1=0.42
$cli eval "$benchmarks/metatool" --pipeline lexical --sample 500 --format table --min ndcg@10=0.53
$cli eval "$benchmarks/sealtools" --pipeline lexical --sample 500 --format table --min ndcg@10=0.89

#!/usr/bin/env bash
# Fails the build when the default pipeline (lexical(), the CLI's `lexical`) loses quality on the
# public benchmarks. Each folder is evaluated on a fixed 500-query sample (a seeded hash of the
# query id, identical on every run), which keeps CI fast (about 20 s). nDCG@10 floors are the
# issue-17 floor, the plain-BM25 reference + 5 points (bfcl 63.1, sealtools 92.3; MetaTool, far
# above it, is held just under tfidf alone there, 57.6 on this sample); recall@10 and complete@5
# sit about 1.5 points under the measured sample values so multi-tool requests are not traded
# away. Full-data figures and paired comparisons: docs/benchmarks.md (pnpm report).
set -euo pipefail
cd "$(dirname "$0")/.."
benchmarks="${SHORTLIST_BENCHMARKS:-../shared/benchmarks}"
if [ ! -d "$benchmarks" ]; then
  echo "quality gate: $benchmarks not found; set SHORTLIST_BENCHMARKS" >&2
  exit 1
fi
cli="node packages/cli/dist/bin.js"
gate() { $cli eval "$benchmarks/$1" --pipeline lexical --sample 500 --format table "${@:2}"; }
gate bfcl --min ndcg@10=0.631 --min hit@1=0.44 --min recall@10=0.82 --min complete@5=0.705
gate metatool --min ndcg@10=0.565 --min recall@10=0.68 --min complete@5=0.625
gate sealtools --min ndcg@10=0.923 --min recall@10=0.94 --min complete@5=0.69

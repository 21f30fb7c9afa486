#!/usr/bin/env bash
# Fails the build when the default pipeline (lexical(), the CLI's `lexical`) loses quality on the
# public benchmarks. Each folder is evaluated on a fixed 500-query sample (a seeded hash of the
# query id, identical on every run), which keeps CI fast. nDCG@10 floors: bfcl at the issue-17
# floor, the plain-BM25 reference + 5 (63.1; 63.4 on this sample, bm25 and tfidf alone 62.9);
# MetaTool between tfidf alone (57.58 on this sample, which 0.574 let pass) and lexical() (57.93);
# sealtools half a point under this sample's 94.0 (tfidf alone 91.7); recall@10 and
# complete@5 sit about 1.5 points under the sample values so multi-tool requests are not traded
# away. Full-data figures and paired comparisons: docs/benchmarks.md (pnpm report).
# GATE_PIPELINE=tfidf pnpm gate runs the same floors on another CLI pipeline, to see them fail.
set -euo pipefail
cd "$(dirname "$0")/.."
benchmarks="${SHORTLIST_BENCHMARKS:-../shared/benchmarks}"
if [ ! -d "$benchmarks" ]; then
  echo "quality gate: $benchmarks not found; set SHORTLIST_BENCHMARKS" >&2
  exit 1
fi
cli="node packages/cli/dist/bin.js"
pipeline="${GATE_PIPELINE:-lexical}"
gate() { $cli eval "$benchmarks/$1" --pipeline "$pipeline" --sample 500 --format table "${@:2}"; }
gate bfcl --min ndcg@10=0.631 --min hit@1=0.44 --min recall@10=0.82 --min complete@5=0.705
gate metatool --min ndcg@10=0.577 --min recall@10=0.68 --min complete@5=0.62
gate sealtools --min ndcg@10=0.935 --min recall@10=0.95 --min complete@5=0.74

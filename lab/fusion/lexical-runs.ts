import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { type Dataset, type DatasetQuery, loadDataset } from '@shortlist/eval';
import { rrf } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';
import { rankAll, type System, scoreRankings } from '../ranking-scores.js';

/** One dataset's queries with bm25's and tfidf's rankings, computed once. */
export interface LexicalRuns {
  readonly dataset: Dataset;
  readonly queries: readonly DatasetQuery[];
  readonly rankings: readonly SourceRanking[][];
  /** The picker, for `fitFusion`. */
  readonly picker: { rankings: (query: string, o: { limit: number }) => Promise<SourceRanking[]> };
}

/** Loads a benchmark folder, indexes it with bm25() and tfidf() and ranks every query once. */
export async function lexicalRuns(folder: string): Promise<LexicalRuns> {
  const dataset = await loadDataset(`${benchmarksDir}/${folder}`);
  const picker = await pipe(bm25(), tfidf()).fuse(rrf()).index(dataset.tools);
  const rankings = await rankAll(picker, dataset.queries);
  return { dataset, queries: dataset.queries, rankings, picker };
}

/** Per-query nDCG@10 and hit@1 of a system over the given query rows. */
export function score(
  runs: LexicalRuns,
  system: System,
  rows: readonly number[],
): { ndcg: Float64Array; hit: Float64Array } {
  return scoreRankings(
    rows.map((row) => runs.rankings[row]!),
    rows.map((row) => runs.queries[row]!),
    system,
  );
}

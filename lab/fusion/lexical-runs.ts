import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import {
  bootstrapInterval,
  type Dataset,
  type DatasetQuery,
  hitAt,
  type Interval,
  loadDataset,
  ndcgAt,
  pairedBootstrap,
} from '@shortlist/eval';
import { type ConfiguredFusion, rrf } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';

/** Each ranker returns this many tools: `select({ limit: 10 })` with the default overFetch of 4. */
export const depth = 40;

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
  const rankings: SourceRanking[][] = [];
  for (const query of dataset.queries) {
    rankings.push(await picker.rankings(query.query, { limit: depth }));
  }
  return { dataset, queries: dataset.queries, rankings, picker };
}

/** A system under test: a fusion, or one ranker's own ranking. */
export type System = ConfiguredFusion | string;

/** Top-10 names a system returns for query `i`. */
export function top10(runs: LexicalRuns, system: System, i: number): string[] {
  const sources = runs.rankings[i]!;
  if (typeof system === 'string') {
    const own = sources.find((source) => source.rankerId === system)!;
    return own.ranking.slice(0, 10).map((entry) => entry.name);
  }
  return system.doFuse(sources, { limit: 10 }).map((entry) => entry.name);
}

/** Per-query nDCG@10 and hit@1 of a system over the given query rows. */
export function score(
  runs: LexicalRuns,
  system: System,
  rows: readonly number[],
): { ndcg: Float64Array; hit: Float64Array } {
  const ndcg = new Float64Array(rows.length);
  const hit = new Float64Array(rows.length);
  rows.forEach((row, j) => {
    const ranked = top10(runs, system, row);
    const relevant = new Set(runs.queries[row]!.relevant);
    ndcg[j] = ndcgAt(ranked, relevant, 10);
    hit[j] = hitAt(ranked, relevant, 1);
  });
  return { ndcg, hit };
}

/** "40.44 [39.80, 41.10]" in percent. */
export function percent(interval: Interval): string {
  const f = (value: number) => (value * 100).toFixed(2);
  return `${f(interval.mean)} [${f(interval.low)}, ${f(interval.high)}]`;
}

export { bootstrapInterval, pairedBootstrap };

import { pipe, type RankerV1 } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { completeAt, type Dataset, loadDataset, ndcgAt, recallAt } from '@shortlist/eval';
import { type ConfiguredFusion, rrf } from '@shortlist/fusion';
import { lexicalRankers } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';

export const folders = ['bfcl', 'metatool', 'sealtools'] as const;
/** Each ranker returns this many tools: `select({ limit: 10 })` with the default overFetch of 4. */
export const depth = 40;

/** One dataset with every ranker's ranking of every query, computed once. */
export interface Runs {
  readonly name: string;
  readonly dataset: Dataset;
  readonly rankings: readonly SourceRanking[][];
}

/**
 * The rankers measured: `lexical()`'s own; bm25 and tfidf with their defaults are also the
 * single-ranker baselines.
 */
export const defaultRankers = (): RankerV1[] => lexicalRankers();

/** Indexes a benchmark folder with the rankers and ranks every query once. */
export async function rankerRuns(name: string, rankers = defaultRankers()): Promise<Runs> {
  const dataset = await loadDataset(`${benchmarksDir}/${name}`);
  const picker = await pipe(...rankers)
    .fuse(rrf())
    .index(dataset.tools);
  const rankings: SourceRanking[][] = [];
  for (const query of dataset.queries) {
    rankings.push(await picker.rankings(query.query, { limit: depth }));
  }
  return { name, dataset, rankings };
}

/** A system: a fusion, or one ranker's own ranking by id. */
export type System = ConfiguredFusion | string;

export function top10(runs: Runs, system: System, i: number): string[] {
  const sources = runs.rankings[i]!;
  if (typeof system === 'string') {
    const own = sources.find((source) => source.rankerId === system)!;
    return own.ranking.slice(0, 10).map((entry) => entry.name);
  }
  return system.doFuse(sources, { limit: 10 }).map((entry) => entry.name);
}

export interface Scores {
  readonly ndcg: Float64Array;
  readonly recall10: Float64Array;
  readonly complete5: Float64Array;
}

/** Per-query nDCG@10, recall@10 and complete@5 of a system over the given rows. */
export function score(runs: Runs, system: System, rows: readonly number[]): Scores {
  const ndcg = new Float64Array(rows.length);
  const recall10 = new Float64Array(rows.length);
  const complete5 = new Float64Array(rows.length);
  rows.forEach((row, j) => {
    const ranked = top10(runs, system, row);
    const relevant = new Set(runs.dataset.queries[row]!.relevant);
    ndcg[j] = ndcgAt(ranked, relevant, 10);
    recall10[j] = recallAt(ranked, relevant, 10);
    complete5[j] = completeAt(ranked, relevant, 5);
  });
  return { ndcg, recall10, complete5 };
}

export const mean = (values: Float64Array): number =>
  values.reduce((sum, v) => sum + v, 0) / values.length;

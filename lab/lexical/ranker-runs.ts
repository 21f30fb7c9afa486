import { pipe, type RankerV1 } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { completeAt, type Dataset, loadDataset, ndcgAt, recallAt } from '@shortlist/eval';
import { rrf } from '@shortlist/fusion';
import { lexicalRankers } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';
import { rankAll, type System, top10 } from '../ranking-scores.js';

export const folders = ['bfcl', 'metatool', 'sealtools'] as const;

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
  const rankings = await rankAll(picker, dataset.queries);
  return { name, dataset, rankings };
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
    const ranked = top10(runs.rankings[row]!, system);
    const relevant = new Set(runs.dataset.queries[row]!.relevant);
    ndcg[j] = ndcgAt(ranked, relevant, 10);
    recall10[j] = recallAt(ranked, relevant, 10);
    complete5[j] = completeAt(ranked, relevant, 5);
  });
  return { ndcg, recall10, complete5 };
}

export const mean = (values: Float64Array): number =>
  values.reduce((sum, v) => sum + v, 0) / values.length;

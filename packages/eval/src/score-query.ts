import { completeAt, hitAt, ndcgAt, recallAt, reciprocalRank } from '@shortlist/core/kit';
import type { MetricName } from './metric-names.js';

type Scorer = (ranked: readonly string[], relevant: ReadonlySet<string>) => number;

/** How each metric of `metricNames` is computed for one ranked list. */
export const scorers: Readonly<Record<MetricName, Scorer>> = {
  'hit@1': (ranked, relevant) => hitAt(ranked, relevant, 1),
  'recall@1': (ranked, relevant) => recallAt(ranked, relevant, 1),
  'recall@3': (ranked, relevant) => recallAt(ranked, relevant, 3),
  'recall@5': (ranked, relevant) => recallAt(ranked, relevant, 5),
  'recall@10': (ranked, relevant) => recallAt(ranked, relevant, 10),
  'ndcg@10': (ranked, relevant) => ndcgAt(ranked, relevant, 10),
  mrr: reciprocalRank,
  'complete@1': (ranked, relevant) => completeAt(ranked, relevant, 1),
  'complete@3': (ranked, relevant) => completeAt(ranked, relevant, 3),
  'complete@5': (ranked, relevant) => completeAt(ranked, relevant, 5),
  'complete@10': (ranked, relevant) => completeAt(ranked, relevant, 10),
};

import { InvalidArgumentError } from '@shortlist/core';
import { hitAt, ndcgAt, recallAt, reciprocalRank } from '@shortlist/core/kit';

/** A metric `fitFusion` can maximise: `ndcg@10`, `hit@1`, `recall@5`, `mrr`. */
export type FitMetric = `ndcg@${number}` | `hit@${number}` | `recall@${number}` | 'mrr';

/** A metric as a function of one query's ranked names and relevant set, and how deep it looks. */
export interface MetricFunction {
  readonly score: (ranked: readonly string[], relevant: ReadonlySet<string>) => number;
  /** Names beyond this position do not change the score (Infinity for MRR). */
  readonly cutoff: number;
}

/** Parses a metric name into its function, with a typed error naming the accepted forms. */
export function parseMetric(metric: unknown): MetricFunction {
  if (metric === 'mrr') return { score: reciprocalRank, cutoff: Number.POSITIVE_INFINITY };
  const match =
    typeof metric === 'string' ? /^(ndcg|hit|recall)@([1-9][0-9]*)$/.exec(metric) : null;
  if (!match) {
    throw new InvalidArgumentError({
      argument: 'fitFusion(options.metric)',
      expected: "'ndcg@k', 'hit@k', 'recall@k' or 'mrr'",
      message: `fitFusion(options.metric) must be 'ndcg@k', 'hit@k', 'recall@k' (k a positive integer) or 'mrr', got ${JSON.stringify(metric)}`,
    });
  }
  const k = Number(match[2]);
  const at = match[1] === 'ndcg' ? ndcgAt : match[1] === 'hit' ? hitAt : recallAt;
  return { score: (ranked, relevant) => at(ranked, relevant, k), cutoff: k };
}

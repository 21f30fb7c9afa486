/** The metrics every evaluation computes, per query and as means; the keys of a report. */
export const metricNames = [
  'hit@1',
  'recall@1',
  'recall@3',
  'recall@5',
  'recall@10',
  'ndcg@10',
  'mrr',
  'complete@1',
  'complete@3',
  'complete@5',
  'complete@10',
] as const;

/** One of `metricNames`: `hit@1`, `recall@5`, `ndcg@10`, `mrr`, `complete@3`, ... */
export type MetricName = (typeof metricNames)[number];

/** True for a string that names a metric of `metricNames`. */
export function isMetricName(value: string): value is MetricName {
  return (metricNames as readonly string[]).includes(value);
}

import { InvalidArgumentError } from '@shortlist/core';
import { type BootstrapOptions, type PairedInterval, pairedBootstrap } from './bootstrap.js';
import { type MetricName, metricNames } from './metric-names.js';
import type { EvaluationReport } from './report.js';

/** One metric of a paired comparison: both means and their difference (a − b). */
export interface MetricComparison {
  readonly a: number;
  readonly b: number;
  readonly difference: PairedInterval;
}

/** What `compare` returns: two pipelines on the same queries, metric by metric. */
export interface Comparison {
  readonly dataset: string;
  /** Label of the first report. */
  readonly a: string;
  /** Label of the second report. */
  readonly b: string;
  readonly queries: number;
  readonly metrics: Readonly<Record<MetricName, MetricComparison>>;
}

/**
 * Paired comparison of two reports on the same queries: for every metric the difference of the
 * means (a − b) with a paired bootstrap interval and the share of resamples in which `a` led.
 */
export function compare(
  a: EvaluationReport,
  b: EvaluationReport,
  options: BootstrapOptions = {},
): Comparison {
  const rowOf = new Map(b.perQuery.ids.map((id, row) => [id, row]));
  const order = a.perQuery.ids.map((id) => rowOf.get(id));
  if (
    a.dataset !== b.dataset ||
    a.queries !== b.queries ||
    order.some((row) => row === undefined)
  ) {
    throw new InvalidArgumentError({
      argument: 'compare(b)',
      expected: 'a report on the same queries as a',
      message: `compare() needs two reports on the same queries; "${a.name}" has ${a.queries} queries of ${a.dataset}, "${b.name}" has ${b.queries} of ${b.dataset}: evaluate both with the same dataset, split and sample`,
    });
  }
  const metrics = {} as Record<MetricName, MetricComparison>;
  for (const metric of metricNames) {
    const valuesA = a.perQuery.values[metric];
    const columnB = b.perQuery.values[metric];
    const valuesB = Float64Array.from(order, (row) => columnB[row!]!);
    metrics[metric] = {
      a: a.metrics[metric].mean,
      b: b.metrics[metric].mean,
      difference: pairedBootstrap(valuesA, valuesB, options),
    };
  }
  return { dataset: a.dataset, a: a.name, b: b.name, queries: a.queries, metrics };
}

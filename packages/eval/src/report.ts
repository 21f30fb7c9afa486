import type { Interval } from './bootstrap.js';
import type { MetricName } from './metric-names.js';

/** Means with intervals for every metric, over all queries or one group. */
export type MetricIntervals = Readonly<Record<MetricName, Interval>>;

/** Figures for the queries of one group (a BFCL category, MetaTool `single` / `multi`). */
export interface GroupReport {
  readonly group: string;
  readonly queries: number;
  readonly metrics: MetricIntervals;
}

/** Every query's own figures, column-wise and in dataset order, for paired comparison. */
export interface PerQuery {
  readonly ids: readonly string[];
  readonly groups: readonly string[];
  readonly values: Readonly<Record<MetricName, Float64Array>>;
  /** Wall time of each `select` call, milliseconds. */
  readonly latencyMs: Float64Array;
  /** Tokens selected per query, when the pipeline packs. */
  readonly tokens?: Float64Array;
}

/** What `evaluate` returns: one pipeline on one dataset. Means are fractions (0..1). */
export interface EvaluationReport {
  /** The pipeline's label. */
  readonly name: string;
  readonly dataset: string;
  readonly split?: string;
  /** `strict` (the `relevant` ids) or `any-variant` (BFCL's lenient `relevant_any_variant`). */
  readonly relevance: 'strict' | 'any-variant';
  /** Tools asked for per query. */
  readonly limit: number;
  readonly queries: number;
  readonly metrics: MetricIntervals;
  /** Mean tokens of what was selected per query, when the pipeline packs. */
  readonly tokens?: Interval;
  /** Per-query latency percentiles, milliseconds. */
  readonly latencyMs: { readonly p50: number; readonly p99: number };
  /** Per-group figures, sorted by group name; empty when queries carry no group. */
  readonly groups: readonly GroupReport[];
  readonly perQuery: PerQuery;
}

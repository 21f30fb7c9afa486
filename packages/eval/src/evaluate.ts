import { InvalidArgumentError } from '@shortlist/core';
import { checkInteger, type Progress, throwIfAborted } from '@shortlist/core/kit';
import {
  type BootstrapOptions,
  bootstrapColumns,
  bootstrapInterval,
  type Interval,
} from './bootstrap.js';
import type { Dataset, DatasetQuery } from './dataset.js';
import { type MetricName, metricNames } from './metric-names.js';
import { quantileSorted } from './quantile.js';
import type { EvaluationReport, GroupReport, MetricIntervals } from './report.js';
import { scorers } from './score-query.js';

/** What `evaluate` needs from a picker: `select` returning picks best first. */
export interface Selector {
  select(
    query: string,
    options: { limit: number; signal?: AbortSignal },
  ): Promise<{
    readonly picks: readonly { readonly name: string }[];
    readonly totalTokens?: number;
  }>;
}

/** A bare retrieval function: tool names best first. */
export type RetrieveFunction = (
  query: string,
  options: { limit: number; signal?: AbortSignal },
) => Promise<readonly string[]> | readonly string[];

/** Options of `evaluate`. */
export interface EvaluateOptions extends BootstrapOptions {
  /** The pipeline's label in reports. @default 'pipeline' */
  readonly name?: string;
  /** Tools asked for per query; metrics at k above it see only what came back. @default 10 */
  readonly limit?: number;
  /** Queries in flight at once. @default 8 */
  readonly concurrency?: number;
  /** Keep only queries of this split (`test`). */
  readonly split?: string;
  /** `any-variant` scores BFCL against `relevant_any_variant`. @default 'strict' */
  readonly relevance?: 'strict' | 'any-variant';
  readonly signal?: AbortSignal;
  /** Called after each query with `{ phase: 'evaluate', done, total }`. */
  readonly onProgress?: (progress: Progress) => void;
}

function positiveInteger(value: number, argument: string): number {
  return checkInteger(value, argument);
}

function toRetrieve(picker: Selector | RetrieveFunction): {
  run: (
    query: string,
    limit: number,
    signal?: AbortSignal,
  ) => Promise<{ names: readonly string[]; tokens?: number }>;
} {
  if (typeof picker === 'function') {
    return {
      run: async (query, limit, signal) => ({ names: await picker(query, { limit, signal }) }),
    };
  }
  if (typeof picker !== 'object' || picker === null || typeof picker.select !== 'function') {
    throw new InvalidArgumentError({
      argument: 'evaluate(picker)',
      expected: 'a picker (from pipe(...).index(tools)) or a function (query) => tool names',
      message:
        'evaluate(picker) needs a picker with select(), e.g. await pipe(bm25()).index(dataset.tools), or a function returning tool names',
    });
  }
  return {
    run: async (query, limit, signal) => {
      const selection = await picker.select(query, { limit, signal });
      return {
        names: selection.picks.map((pick) => pick.name),
        ...(selection.totalTokens === undefined ? {} : { tokens: selection.totalTokens }),
      };
    },
  };
}

function intervals(
  columns: Readonly<Record<MetricName, Float64Array>>,
  rows: readonly number[] | undefined,
  options: BootstrapOptions,
): MetricIntervals {
  const selected = metricNames.map((metric) => {
    const column = columns[metric];
    return rows ? Float64Array.from(rows, (row) => column[row]!) : column;
  });
  const found = bootstrapColumns(selected, options);
  return Object.fromEntries(metricNames.map((metric, j) => [metric, found[j]!])) as Record<
    MetricName,
    Interval
  >;
}

function groupsOf(
  queries: readonly DatasetQuery[],
  columns: Readonly<Record<MetricName, Float64Array>>,
  options: BootstrapOptions,
): GroupReport[] {
  const rowsByGroup = new Map<string, number[]>();
  queries.forEach((query, row) => {
    if (query.group === undefined) return;
    const rows = rowsByGroup.get(query.group);
    if (rows) rows.push(row);
    else rowsByGroup.set(query.group, [row]);
  });
  return [...rowsByGroup.keys()].sort().map((group) => {
    const rows = rowsByGroup.get(group)!;
    return { group, queries: rows.length, metrics: intervals(columns, rows, options) };
  });
}

/**
 * Runs a picker (or a function returning tool names) over every query of a dataset with bounded
 * concurrency and reports each metric's mean with a 95% bootstrap interval, per-group figures,
 * token cost and latency, keeping per-query values for `compare`.
 */
export async function evaluate(
  picker: Selector | RetrieveFunction,
  dataset: Dataset,
  options: EvaluateOptions = {},
): Promise<EvaluationReport> {
  const limit = positiveInteger(options.limit ?? 10, 'evaluate(options.limit)');
  const concurrency = positiveInteger(options.concurrency ?? 8, 'evaluate(options.concurrency)');
  const relevance = options.relevance ?? 'strict';
  const { signal, onProgress } = options;
  const { run } = toRetrieve(picker);
  const queries =
    options.split === undefined
      ? dataset.queries
      : dataset.queries.filter((query) => query.split === options.split);
  if (queries.length === 0) {
    throw new InvalidArgumentError({
      argument: 'evaluate(dataset)',
      expected: 'at least one query',
      message:
        options.split === undefined
          ? `dataset ${dataset.name} has no queries to evaluate`
          : `dataset ${dataset.name} has no query in split "${options.split}"`,
    });
  }
  throwIfAborted(signal);

  const total = queries.length;
  const columns = Object.fromEntries(
    metricNames.map((metric) => [metric, new Float64Array(total)]),
  ) as Record<MetricName, Float64Array>;
  const latencyMs = new Float64Array(total);
  const tokens = new Float64Array(total);
  let packed = 0;
  let next = 0;
  let done = 0;

  const worker = async (): Promise<void> => {
    while (next < total) {
      throwIfAborted(signal);
      const row = next++;
      const query = queries[row]!;
      const started = performance.now();
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = await run(query.query, limit, signal);
      } catch (error) {
        next = total;
        throw error;
      }
      latencyMs[row] = performance.now() - started;
      const relevant = new Set(
        relevance === 'any-variant' ? (query.relevantAnyVariant ?? query.relevant) : query.relevant,
      );
      for (const metric of metricNames)
        columns[metric][row] = scorers[metric](result.names, relevant);
      if (result.tokens !== undefined) {
        tokens[row] = result.tokens;
        packed++;
      }
      done++;
      onProgress?.({ phase: 'evaluate', done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));

  const bootstrap: BootstrapOptions = {
    ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
    ...(options.confidence === undefined ? {} : { confidence: options.confidence }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  };
  const sortedLatency = Float64Array.from(latencyMs).sort();
  const hasTokens = packed === total;
  return {
    name: options.name ?? 'pipeline',
    dataset: dataset.name,
    ...(options.split === undefined ? {} : { split: options.split }),
    relevance,
    limit,
    queries: total,
    metrics: intervals(columns, undefined, bootstrap),
    ...(hasTokens ? { tokens: bootstrapInterval(tokens, bootstrap) } : {}),
    latencyMs: {
      p50: quantileSorted(sortedLatency, 0.5),
      p99: quantileSorted(sortedLatency, 0.99),
    },
    groups: groupsOf(queries, columns, bootstrap),
    perQuery: {
      ids: queries.map((query) => query.id),
      groups: queries.map((query) => query.group ?? ''),
      values: columns,
      latencyMs,
      ...(hasTokens ? { tokens } : {}),
    },
  };
}

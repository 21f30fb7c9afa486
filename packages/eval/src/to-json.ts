import type { Comparison } from './compare.js';
import type { EvaluationReport } from './report.js';

/** Options of `toJSON`. */
export interface JsonOptions {
  /** Include every query's values (large: one number per query and metric). @default false */
  readonly perQuery?: boolean;
  /** Indentation of the output; 0 for one line. @default 2 */
  readonly indent?: number;
}

function plainReport(report: EvaluationReport, perQuery: boolean): unknown {
  const { perQuery: columns, ...rest } = report;
  if (!perQuery) return rest;
  return {
    ...rest,
    perQuery: {
      ids: columns.ids,
      groups: columns.groups,
      values: Object.fromEntries(
        Object.entries(columns.values).map(([metric, values]) => [metric, Array.from(values)]),
      ),
      latencyMs: Array.from(columns.latencyMs),
      ...(columns.tokens ? { tokens: Array.from(columns.tokens) } : {}),
    },
  };
}

/** Reports or a comparison as JSON text; means and bounds are fractions (0..1), latency in ms. */
export function toJSON(
  input: EvaluationReport | readonly EvaluationReport[] | Comparison,
  options: JsonOptions = {},
): string {
  const perQuery = options.perQuery ?? false;
  const plain = Array.isArray(input)
    ? input.map((report: EvaluationReport) => plainReport(report, perQuery))
    : 'perQuery' in (input as object)
      ? plainReport(input as EvaluationReport, perQuery)
      : input;
  return JSON.stringify(plain, null, options.indent ?? 2);
}

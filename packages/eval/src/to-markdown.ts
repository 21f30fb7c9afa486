import type { Comparison } from './compare.js';
import { fixed, markdownTable, percent, percentInterval, signedPercent } from './format.js';
import type { MetricName } from './metric-names.js';
import type { EvaluationReport } from './report.js';

/** Options of `toMarkdown`. */
export interface MarkdownOptions {
  /** Metrics shown as columns (reports) or rows (comparisons). @default hit@1, recall@5, recall@10, ndcg@10, mrr, complete@5 */
  readonly metrics?: readonly MetricName[];
  /** Add a per-group table for each report. @default false */
  readonly groups?: boolean;
}

const defaultMetrics: readonly MetricName[] = [
  'hit@1',
  'recall@5',
  'recall@10',
  'ndcg@10',
  'mrr',
  'complete@5',
];

function isComparison(value: unknown): value is Comparison {
  return typeof value === 'object' && value !== null && 'a' in value && 'b' in value;
}

function reportsTable(
  reports: readonly EvaluationReport[],
  metrics: readonly MetricName[],
): string {
  const tokens = reports.some((report) => report.tokens !== undefined);
  const header = [
    'pipeline',
    'dataset',
    'queries',
    ...metrics,
    ...(tokens ? ['tokens'] : []),
    'p50 ms',
    'p99 ms',
  ];
  const rows = reports.map((report) => [
    report.name,
    report.split ? `${report.dataset} (${report.split})` : report.dataset,
    String(report.queries),
    ...metrics.map((metric) => percentInterval(report.metrics[metric])),
    ...(tokens ? [report.tokens ? fixed(report.tokens.mean, 0) : '–'] : []),
    fixed(report.latencyMs.p50, 2),
    fixed(report.latencyMs.p99, 2),
  ]);
  return markdownTable(header, rows);
}

function groupsTable(report: EvaluationReport, metrics: readonly MetricName[]): string {
  const rows = report.groups.map((group) => [
    group.group,
    String(group.queries),
    ...metrics.map((metric) => percentInterval(group.metrics[metric])),
  ]);
  return `${report.name} on ${report.dataset}, by group:\n\n${markdownTable(['group', 'queries', ...metrics], rows)}`;
}

function comparisonTable(comparison: Comparison, metrics: readonly MetricName[]): string {
  const rows = metrics.map((metric) => {
    const { a, b, difference } = comparison.metrics[metric];
    return [
      metric,
      percent(a),
      percent(b),
      `${signedPercent(difference.mean)} [${signedPercent(difference.low)}, ${signedPercent(difference.high)}]`,
      `${percent(difference.shareAGreater)}%`,
    ];
  });
  return markdownTable(
    [
      'metric',
      comparison.a,
      comparison.b,
      `${comparison.a} − ${comparison.b}`,
      `P(${comparison.a} ahead)`,
    ],
    rows,
  );
}

/**
 * Markdown tables: reports side by side (percent with 95% intervals, `58.1 [56.2, 60.0]`), or a
 * paired comparison with the difference's interval in percentage points.
 */
export function toMarkdown(
  input: EvaluationReport | readonly EvaluationReport[] | Comparison,
  options: MarkdownOptions = {},
): string {
  const metrics = options.metrics ?? defaultMetrics;
  if (isComparison(input)) return comparisonTable(input, metrics);
  const reports = Array.isArray(input) ? input : [input as EvaluationReport];
  const parts = [reportsTable(reports, metrics)];
  if (options.groups) {
    for (const report of reports)
      if (report.groups.length > 0) parts.push(groupsTable(report, metrics));
  }
  return parts.join('\n\n');
}

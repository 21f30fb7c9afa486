import { InvalidArgumentError } from '@shortlist/core';
import { type EvaluationReport, isMetricName, type MetricName, metricNames } from '@shortlist/eval';

/** A `--min METRIC=VALUE` threshold; `value` is a fraction (0..1). */
export interface MinThreshold {
  readonly metric: MetricName;
  readonly value: number;
}

/** A threshold one pipeline fell short of. */
export interface GateFailure {
  readonly pipeline: string;
  readonly metric: MetricName;
  readonly measured: number;
  readonly required: number;
}

const aliases: Readonly<Record<string, MetricName>> = { 'p@1': 'hit@1', 'mrr@10': 'mrr' };

/** Parses `ndcg@10=0.60` or `ndcg@10=60%`; metric names are case-insensitive. */
export function parseMin(spec: string): MinThreshold {
  const match = /^([^=]+)=(.+)$/.exec(spec.trim());
  const name = (match?.[1] ?? '').trim().toLowerCase();
  const metric = aliases[name] ?? name;
  if (!match || !isMetricName(metric)) {
    throw new InvalidArgumentError({
      argument: '--min',
      expected: `METRIC=VALUE with METRIC one of ${metricNames.join(', ')}`,
      message: `--min "${spec}" is not METRIC=VALUE with a known metric; use e.g. --min ndcg@10=0.60 (metrics: ${metricNames.join(', ')})`,
    });
  }
  const raw = match[2]!.trim();
  const percent = raw.endsWith('%');
  const number = Number(percent ? raw.slice(0, -1) : raw);
  const value = percent ? number / 100 : number;
  if (raw === '' || !Number.isFinite(number) || value < 0 || value > 1) {
    throw new InvalidArgumentError({
      argument: '--min',
      expected: 'a fraction between 0 and 1, or a percentage',
      message: `--min ${spec}: the value must be a fraction between 0 and 1 (0.60) or a percentage (60%)`,
    });
  }
  return { metric, value };
}

/** Every threshold any report's mean falls short of. */
export function checkGate(
  reports: readonly EvaluationReport[],
  thresholds: readonly MinThreshold[],
): GateFailure[] {
  return reports.flatMap((report) =>
    thresholds
      .filter(({ metric, value }) => !(report.metrics[metric].mean >= value))
      .map(({ metric, value }) => ({
        pipeline: report.name,
        metric,
        measured: report.metrics[metric].mean,
        required: value,
      })),
  );
}

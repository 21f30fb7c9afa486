import { InvalidArgumentError } from '@shortlist/core';
import { seededRandom } from '@shortlist/core/kit';
import { quantileSorted } from './quantile.js';

/** A mean and its confidence interval, in the units of the values. */
export interface Interval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/** The difference of two paired means with its interval, and how often `a` came out ahead. */
export interface PairedInterval extends Interval {
  /** Share of resamples (0..1) in which the mean of `a` exceeded the mean of `b`. */
  readonly shareAGreater: number;
}

/** Options of the bootstrap functions. */
export interface BootstrapOptions {
  /** Number of resamples. @default 1000 */
  readonly resamples?: number;
  /** Coverage of the interval, between 0 and 1. @default 0.95 */
  readonly confidence?: number;
  /** Seed of the resampling; the same seed gives the same interval. @default 1 */
  readonly seed?: number;
}

function settings(options: BootstrapOptions): {
  resamples: number;
  confidence: number;
  seed: number;
} {
  const { resamples = 1000, confidence = 0.95, seed = 1 } = options;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new InvalidArgumentError({
      argument: 'resamples',
      expected: 'a positive integer',
      message: `bootstrap resamples must be a positive integer, got ${String(resamples)}`,
    });
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new InvalidArgumentError({
      argument: 'confidence',
      expected: 'a number between 0 and 1',
      message: `bootstrap confidence must be between 0 and 1 (0.95 for 95%), got ${String(confidence)}`,
    });
  }
  return { resamples, confidence, seed };
}

function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/**
 * Sorted resampled means of each column of a row-major `rows × columns` matrix. Every resample
 * draws one set of rows shared by all columns. Identical rows are merged first (metric rows of
 * a ranking take few distinct values), so a resample costs one random draw and one count per
 * row, however many columns there are.
 */
function resampledMeans(
  matrix: Float64Array,
  columns: number,
  resamples: number,
  seed: number,
): Float64Array[] {
  const rows = matrix.length / columns;
  const patternOf = new Int32Array(rows);
  const patternIndex = new Map<string, number>();
  const patterns: number[] = [];
  for (let i = 0; i < rows; i++) {
    const row = matrix.subarray(i * columns, (i + 1) * columns);
    const key = row.join(',');
    let index = patternIndex.get(key);
    if (index === undefined) {
      index = patternIndex.size;
      patternIndex.set(key, index);
      patterns.push(...row);
    }
    patternOf[i] = index;
  }
  const distinct = patternIndex.size;
  const counts = new Float64Array(distinct);
  const random = seededRandom(seed);
  const means = Array.from({ length: columns }, () => new Float64Array(resamples));
  for (let r = 0; r < resamples; r++) {
    counts.fill(0);
    for (let i = 0; i < rows; i++) counts[patternOf[(random() * rows) | 0]!]! += 1;
    for (let j = 0; j < columns; j++) {
      let sum = 0;
      for (let k = 0; k < distinct; k++) sum += counts[k]! * patterns[k * columns + j]!;
      means[j]![r] = sum / rows;
    }
  }
  for (const column of means) column.sort();
  return means;
}

function interval(
  center: number,
  means: Float64Array,
  confidence: number,
): { mean: number; low: number; high: number } {
  const tail = (1 - confidence) / 2;
  return {
    mean: center,
    low: quantileSorted(means, tail),
    high: quantileSorted(means, 1 - tail),
  };
}

/**
 * Mean of `values` with a percentile bootstrap confidence interval. Seeded, so the same values
 * and seed always give the same interval. An empty array gives NaN.
 */
export function bootstrapInterval(
  values: ArrayLike<number>,
  options: BootstrapOptions = {},
): Interval {
  const { resamples, confidence, seed } = settings(options);
  if (values.length === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN };
  const matrix = Float64Array.from(values);
  return interval(mean(values), resampledMeans(matrix, 1, resamples, seed)[0]!, confidence);
}

/**
 * Paired bootstrap of mean(a) − mean(b), where a[i] and b[i] are two systems' scores on the same
 * query: the interval of the difference and the share of resamples in which `a` was ahead.
 */
export function pairedBootstrap(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options: BootstrapOptions = {},
): PairedInterval {
  const { resamples, confidence, seed } = settings(options);
  if (a.length !== b.length) {
    throw new InvalidArgumentError({
      argument: 'pairedBootstrap(b)',
      expected: `${a.length} values, one per value of a`,
      message: `pairedBootstrap needs one value of b per value of a (same queries, same order); got ${a.length} and ${b.length}`,
    });
  }
  if (a.length === 0) {
    return { mean: Number.NaN, low: Number.NaN, high: Number.NaN, shareAGreater: Number.NaN };
  }
  const differences = Float64Array.from(a, (value, i) => value - b[i]!);
  const means = resampledMeans(differences, 1, resamples, seed)[0]!;
  let ahead = 0;
  for (const value of means) if (value > 0) ahead++;
  return {
    ...interval(mean(a) - mean(b), means, confidence),
    shareAGreater: ahead / resamples,
  };
}

/**
 * Intervals of the means of several columns of equal length (metrics of the same queries) from
 * one shared set of resamples: as `bootstrapInterval` per column, at a fraction of the cost.
 */
export function bootstrapColumns(
  columns: readonly ArrayLike<number>[],
  options: BootstrapOptions = {},
): Interval[] {
  const { resamples, confidence, seed } = settings(options);
  const width = columns.length;
  const rows = columns[0]?.length ?? 0;
  if (rows === 0)
    return columns.map(() => ({ mean: Number.NaN, low: Number.NaN, high: Number.NaN }));
  const matrix = new Float64Array(rows * width);
  columns.forEach((column, j) => {
    for (let i = 0; i < rows; i++) matrix[i * width + j] = column[i]!;
  });
  const means = resampledMeans(matrix, width, resamples, seed);
  return columns.map((column, j) => interval(mean(column), means[j]!, confidence));
}

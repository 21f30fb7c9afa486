/** Summary of a sample of durations, in the sample's unit (microseconds in this package). */
export interface Summary {
  readonly count: number;
  readonly min: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/**
 * The `p`-th percentile (0–100) of ascending `sorted` values, interpolating linearly between the
 * two nearest ranks (the usual definition; p50 of [1, 2, 3, 4] is 2.5). NaN for no values.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const position = (Math.min(100, Math.max(0, p)) / 100) * (n - 1);
  const low = Math.floor(position);
  const high = Math.min(n - 1, low + 1);
  const fraction = position - low;
  return sorted[low]! + (sorted[high]! - sorted[low]!) * fraction;
}

/** Count, extremes, median, 99th percentile and mean of a sample. */
export function summarise(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  let total = 0;
  for (const value of sorted) total += value;
  return {
    count: sorted.length,
    min: sorted.length ? sorted[0]! : Number.NaN,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    mean: sorted.length ? total / sorted.length : Number.NaN,
  };
}

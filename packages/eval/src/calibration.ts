/** One bin of a reliability diagram: the mean confidence of its cases and how often they were right. */
export interface ReliabilityBin {
  readonly low: number;
  readonly high: number;
  readonly count: number;
  readonly meanConfidence: number;
  readonly accuracy: number;
}

/** Calibration of probability estimates against what happened. */
export interface Calibration {
  /** Expected calibration error: the count-weighted mean |accuracy − confidence| over the bins. */
  readonly ece: number;
  readonly bins: readonly ReliabilityBin[];
}

/**
 * Expected calibration error and reliability bins over `bins` equal-width bins of [0, 1]: the
 * usual reading of "an estimate of 0.7 is right 70% of the time". Empty input gives NaN.
 */
export function calibration(
  confidences: ArrayLike<number>,
  outcomes: ArrayLike<boolean | number>,
  bins = 10,
): Calibration {
  const count = new Float64Array(bins);
  const sum = new Float64Array(bins);
  const right = new Float64Array(bins);
  for (let i = 0; i < confidences.length; i++) {
    const p = Math.min(1, Math.max(0, confidences[i]!));
    const bin = Math.min(bins - 1, Math.floor(p * bins));
    count[bin]! += 1;
    sum[bin]! += p;
    right[bin]! += Number(outcomes[i]);
  }
  let gap = 0;
  const found: ReliabilityBin[] = [];
  for (let b = 0; b < bins; b++) {
    if (count[b] === 0) continue;
    const meanConfidence = sum[b]! / count[b]!;
    const accuracy = right[b]! / count[b]!;
    gap += count[b]! * Math.abs(accuracy - meanConfidence);
    found.push({ low: b / bins, high: (b + 1) / bins, count: count[b]!, meanConfidence, accuracy });
  }
  return { ece: confidences.length ? gap / confidences.length : Number.NaN, bins: found };
}

/** The q-quantile (0 ≤ q ≤ 1) of values already sorted ascending, interpolating linearly between ranks. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const at = (n - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(below + 1, n - 1);
  const lower = sorted[below]!;
  return lower + (sorted[above]! - lower) * (at - below);
}

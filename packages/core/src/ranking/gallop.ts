/**
 * First index in `[from, to)` of ascending `sorted` whose value is ≥ `target` (`to` when none):
 * doubling steps from `from`, then binary search in the last step. Cheap when the answer is near,
 * which is the usual case when a ranker walks a postings list in slot order.
 */
export function gallopTo(sorted: Int32Array, from: number, to: number, target: number): number {
  if (from >= to || sorted[from]! >= target) return from;
  let low = from;
  let step = 1;
  let probe = from + 1;
  while (probe < to && sorted[probe]! < target) {
    low = probe;
    step *= 2;
    probe = low + step;
  }
  let left = low + 1;
  let right = Math.min(probe, to);
  while (left < right) {
    const middle = (left + right) >>> 1;
    if (sorted[middle]! < target) left = middle + 1;
    else right = middle;
  }
  return left;
}

import type { RankedTool } from '../spec/ranker-v1.js';
import { type KthLargest, kthValue, offerKth, resetKth } from './kth-largest.js';
import { offerTop, resetTop, type TopSlots, takeRanking, topFloor } from './top-slots.js';

/**
 * Relative slack on max-score bounds: a tool is pruned only when even its bound times this falls
 * short, so floating-point rounding in summed scores never prunes a tool that belongs in the top k.
 */
export const BOUND_SLACK = 1 + 1e-9;

/**
 * Max-score pruning step shared by the lexical rankers: copies into `into` the slots of `from`
 * whose accumulated score plus `bound` could still reach `theta`, keeping run order, and rewrites
 * `runEnd` (end of each sorted run) to the new boundaries. Returns how many were kept.
 */
export function keepReachable(
  accumulator: Float64Array,
  from: Int32Array,
  count: number,
  runEnd: Int32Array,
  runs: number,
  bound: number,
  theta: number,
  into: Int32Array,
): number {
  let kept = 0;
  let start = 0;
  for (let r = 0; r < runs; r++) {
    const end = runEnd[r]!;
    for (let i = start; i < end && i < count; i++) {
      const slot = from[i]!;
      if ((accumulator[slot]! + bound) * BOUND_SLACK >= theta) into[kept++] = slot;
    }
    start = end;
    runEnd[r] = kept;
  }
  return kept;
}

/**
 * The k-th largest accumulated score among the first `count` slots of `from` (-Infinity for
 * fewer than k); `heap` keeps their slots. Scores that cannot enter are rejected before any call.
 */
export function kthAccumulated(
  accumulator: Float64Array,
  heap: KthLargest,
  from: Int32Array,
  count: number,
  k: number,
): number {
  resetKth(heap, k);
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const score = accumulator[from[i]!]!;
    if (score > floor) {
      offerKth(heap, from[i]!, score);
      floor = kthValue(heap);
    }
  }
  return floor;
}

/**
 * Ends a term-at-a-time search: the best `k` of the first `count` slots of `pool` as the ranking
 * (ties by name), and the accumulator zeroed behind every slot in `touched[0, seen)` so the next
 * query starts clean. When `pool` is `touched` both happen in one pass.
 */
export function takeBestAndClear(
  accumulator: Float64Array,
  pool: Int32Array,
  count: number,
  touched: Int32Array,
  seen: number,
  best: TopSlots,
  k: number,
): RankedTool[] {
  resetTop(best, k);
  const clear = pool === touched;
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const slot = pool[i]!;
    const score = accumulator[slot]!;
    if (clear) accumulator[slot] = 0;
    if (score >= floor) {
      offerTop(best, slot, score);
      floor = topFloor(best);
    }
  }
  if (!clear) for (let i = 0; i < seen; i++) accumulator[touched[i]!] = 0;
  return takeRanking(best);
}

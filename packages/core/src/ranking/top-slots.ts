import type { RankedTool } from '../spec/ranker-v1.js';
import { type KthLargest, kthLargest, resetKth } from './kth-largest.js';

/**
 * Picks the best k (slot, score) pairs, best first with equal scores in ascending name order
 * (code unit order, as core's `topK`), in one pass and without allocating until the answer:
 * a size-k heap whose root is the worst pair kept; names are compared only on equal scores.
 * A plain state object with module-level functions, so the optimised code is shared.
 */
export interface TopSlots extends KthLargest {
  readonly names: readonly (string | undefined)[];
}

/** A selector over the given slot names; its buffers grow to the largest k and stay. */
export const topSlots = (names: readonly (string | undefined)[]): TopSlots => ({
  names,
  ...kthLargest(),
});

/** Starts a new selection of the best `k`. */
export const resetTop: (top: TopSlots, k: number) => void = resetKth;

/** Scores below this can never enter (-Infinity until k pairs are held). */
export const topFloor = (top: TopSlots): number =>
  top.size < top.capacity ? Number.NEGATIVE_INFINITY : top.scores[0]!;

/** Whether (slot a, score x) ranks below (slot b, score y). */
const worse = (
  names: readonly (string | undefined)[],
  x: number,
  a: number,
  y: number,
  b: number,
): boolean => x < y || (x === y && names[a]! > names[b]!);

function siftDown(top: TopSlots, slot: number, score: number): void {
  const { names, scores, slots, size } = top;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) break;
    const right = left + 1;
    const child =
      right < size && worse(names, scores[right]!, slots[right]!, scores[left]!, slots[left]!)
        ? right
        : left;
    if (!worse(names, scores[child]!, slots[child]!, score, slot)) break;
    scores[i] = scores[child]!;
    slots[i] = slots[child]!;
    i = child;
  }
  scores[i] = score;
  slots[i] = slot;
}

/** Offers a pair; cheap to reject when the score is below the k-th best so far. */
export function offerTop(top: TopSlots, slot: number, score: number): void {
  const { names, scores, slots } = top;
  if (top.size < top.capacity) {
    let i = top.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(names, score, slot, scores[parent]!, slots[parent]!)) break;
      scores[i] = scores[parent]!;
      slots[i] = slots[parent]!;
      i = parent;
    }
    scores[i] = score;
    slots[i] = slot;
    return;
  }
  if (top.capacity === 0 || !worse(names, scores[0]!, slots[0]!, score, slot)) return;
  siftDown(top, slot, score);
}

/** The pairs held, best first, as the ranking the ranker returns; empties the selector. */
export function takeRanking(top: TopSlots): RankedTool[] {
  const out: RankedTool[] = new Array(top.size);
  // Popping the worst pair each time fills the answer from the back.
  for (let n = top.size; n > 0; n--) {
    out[n - 1] = { name: top.names[top.slots[0]!]!, score: top.scores[0]! };
    top.size--;
    if (top.size > 0) siftDown(top, top.slots[top.size]!, top.scores[top.size]!);
  }
  return out;
}

/**
 * Keeps the k largest of a stream of (slot, score) pairs in a size-k min-heap: the pruning
 * threshold and the slots worth scoring in full first. Only a lower bound on the k-th score is
 * needed, so ties are not ordered here. A plain state object with module-level functions, so
 * the optimised code is shared by every index. Kept apart from `offerTop` (ties by name): merged
 * into one heap, `kthAccumulated` then `takeBestAndClear` measured 5-30% slower.
 */
export interface KthLargest {
  scores: Float64Array;
  slots: Int32Array;
  /** k of the current stream. */
  capacity: number;
  /** Pairs held (at most k). */
  size: number;
}

/** An empty tracker; its heap grows to the largest `k` seen and is then reused. */
export const kthLargest = (): KthLargest => ({
  scores: new Float64Array(16),
  slots: new Int32Array(16),
  capacity: 0,
  size: 0,
});

/** Starts a new stream keeping the `k` largest. */
export function resetKth(heap: KthLargest, k: number): void {
  if (heap.scores.length < k) {
    heap.scores = new Float64Array(k);
    heap.slots = new Int32Array(k);
  }
  heap.capacity = k;
  heap.size = 0;
}

/** The k-th largest score offered since the reset; -Infinity until k scores were offered. */
export const kthValue = (heap: KthLargest): number =>
  heap.size < heap.capacity || heap.capacity === 0 ? Number.NEGATIVE_INFINITY : heap.scores[0]!;

/** Offers a pair; kept when among the k largest so far. */
export function offerKth(heap: KthLargest, slot: number, score: number): void {
  const { scores, slots } = heap;
  if (heap.size < heap.capacity) {
    let i = heap.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (scores[parent]! <= score) break;
      scores[i] = scores[parent]!;
      slots[i] = slots[parent]!;
      i = parent;
    }
    scores[i] = score;
    slots[i] = slot;
    return;
  }
  if (heap.capacity === 0 || score <= scores[0]!) return;
  const size = heap.size;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && scores[right]! < scores[left]! ? right : left;
    if (scores[child]! >= score) break;
    scores[i] = scores[child]!;
    slots[i] = slots[child]!;
    i = child;
  }
  scores[i] = score;
  slots[i] = slot;
}

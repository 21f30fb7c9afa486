/**
 * Keeps the k largest of a stream of (slot, score) pairs in a size-k min-heap: the pruning
 * threshold and the slots worth scoring in full first. Only a lower bound on the k-th score is
 * needed, so ties are not ordered here.
 */
export interface KthLargest {
  reset(k: number): void;
  offer(slot: number, score: number): void;
  /** The k-th largest score offered since `reset`; -Infinity until k scores were offered. */
  readonly value: number;
  /** Number of pairs held (at most k). */
  readonly size: number;
  /** The slot held at position `i` (0 <= i < size), in heap order. */
  slotAt(i: number): number;
}

/** Creates a tracker; its heap grows to the largest `k` seen and is then reused. */
export function kthLargest(): KthLargest {
  let scores = new Float64Array(16);
  let slots = new Int32Array(16);
  let capacity = 0;
  let size = 0;
  return {
    reset(k) {
      if (scores.length < k) {
        scores = new Float64Array(k);
        slots = new Int32Array(k);
      }
      capacity = k;
      size = 0;
    },
    offer(slot, score) {
      if (size < capacity) {
        let i = size++;
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
      if (capacity === 0 || score <= scores[0]!) return;
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
    },
    get value() {
      return size < capacity || capacity === 0 ? Number.NEGATIVE_INFINITY : scores[0]!;
    },
    get size() {
      return size;
    },
    slotAt(i) {
      return slots[i]!;
    },
  };
}

/**
 * Tracks the k-th largest of a stream of scores with a size-k min-heap of floats: the pruning
 * threshold. A lower bound is all pruning needs, so names (tie-breaks) play no part here.
 */
export interface KthLargest {
  reset(k: number): void;
  offer(score: number): void;
  /** The k-th largest score offered since `reset`; -Infinity until k scores were offered. */
  readonly value: number;
}

/** Creates a tracker; its heap grows to the largest `k` seen and is then reused. */
export function kthLargest(): KthLargest {
  let heap = new Float64Array(16);
  let capacity = 0;
  let size = 0;
  return {
    reset(k) {
      if (heap.length < k) heap = new Float64Array(k);
      capacity = k;
      size = 0;
    },
    offer(score) {
      if (size < capacity) {
        let i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (heap[parent]! <= score) break;
          heap[i] = heap[parent]!;
          i = parent;
        }
        heap[i] = score;
        return;
      }
      if (capacity === 0 || score <= heap[0]!) return;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && heap[right]! < heap[left]! ? right : left;
        if (heap[child]! >= score) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = score;
    },
    get value() {
      return size < capacity || capacity === 0 ? Number.NEGATIVE_INFINITY : heap[0]!;
    },
  };
}

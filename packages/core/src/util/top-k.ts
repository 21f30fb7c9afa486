/**
 * Keeps the best `k` of a stream of (id, score) pairs in a binary min-heap: O(n log k) instead of
 * sorting everything. Equal scores are ordered by name so results never depend on input order.
 */
export interface TopK {
  /** Offers a candidate; cheap when it cannot enter the top k. */
  push(id: number, score: number): void;
  /** The score a candidate must beat to enter; -Infinity until k candidates were seen. */
  readonly threshold: number;
  readonly size: number;
  /** The kept candidates, best first; the collector is empty afterwards. */
  drain(): { id: number; score: number }[];
}

/** Creates a top-k collector. `nameOf` breaks score ties (ascending name wins). */
export function topK(k: number, nameOf: (id: number) => string): TopK {
  const capacity = Math.max(0, Math.floor(k));
  const ids = new Int32Array(capacity);
  const scores = new Float64Array(capacity);
  let size = 0;

  /** True when entry a is worse than entry b: lower score, or equal score and later name. */
  const worse = (idA: number, scoreA: number, idB: number, scoreB: number): boolean =>
    scoreA < scoreB || (scoreA === scoreB && nameOf(idA) > nameOf(idB));

  const swap = (i: number, j: number): void => {
    const id = ids[i]!;
    const score = scores[i]!;
    ids[i] = ids[j]!;
    scores[i] = scores[j]!;
    ids[j] = id;
    scores[j] = score;
  };

  const siftDown = (start: number): void => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) return;
      const right = left + 1;
      let worst = left;
      if (right < size && worse(ids[right]!, scores[right]!, ids[left]!, scores[left]!)) {
        worst = right;
      }
      if (!worse(ids[worst]!, scores[worst]!, ids[i]!, scores[i]!)) return;
      swap(i, worst);
      i = worst;
    }
  };

  const siftUp = (start: number): void => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(ids[i]!, scores[i]!, ids[parent]!, scores[parent]!)) return;
      swap(i, parent);
      i = parent;
    }
  };

  return {
    push(id, score) {
      if (capacity === 0) return;
      if (size < capacity) {
        ids[size] = id;
        scores[size] = score;
        siftUp(size++);
        return;
      }
      if (!worse(ids[0]!, scores[0]!, id, score)) return;
      ids[0] = id;
      scores[0] = score;
      siftDown(0);
    },
    get threshold() {
      return size < capacity ? Number.NEGATIVE_INFINITY : scores[0]!;
    },
    get size() {
      return size;
    },
    drain() {
      const out: { id: number; score: number }[] = new Array(size);
      for (let i = size - 1; i >= 0; i--) {
        out[i] = { id: ids[0]!, score: scores[0]! };
        size--;
        if (size > 0) {
          ids[0] = ids[size]!;
          scores[0] = scores[size]!;
          siftDown(0);
        }
      }
      return out;
    },
  };
}

import type { RankedTool } from '@shortlist/core';

/**
 * Picks the best k (slot, score) pairs, best first with equal scores in ascending name order
 * (code unit order, as core's `topK`), in one pass and without allocating until the answer:
 * a size-k heap whose root is the worst pair kept; names are compared only on equal scores.
 */
export interface TopSlots {
  reset(k: number): void;
  /** Offers a pair; cheap to reject when the score is below the k-th best so far. */
  offer(slot: number, score: number): void;
  /** Scores below this can never enter (-Infinity until k pairs are held). */
  readonly floor: number;
  /** The pairs held, best first, as the ranking the ranker returns. */
  ranking(): RankedTool[];
}

/** Creates a selector over the given slot names; its buffers grow to the largest k and stay. */
export function topSlots(names: readonly (string | undefined)[]): TopSlots {
  let scores = new Float64Array(16);
  let slots = new Int32Array(16);
  let capacity = 0;
  let size = 0;

  /** Whether (slot a, score x) ranks below (slot b, score y). */
  const worse = (x: number, a: number, y: number, b: number): boolean =>
    x < y || (x === y && names[a]! > names[b]!);

  const siftDown = (slot: number, score: number, from: number): void => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      const child =
        right < size && worse(scores[right]!, slots[right]!, scores[left]!, slots[left]!)
          ? right
          : left;
      if (!worse(scores[child]!, slots[child]!, score, slot)) break;
      scores[i] = scores[child]!;
      slots[i] = slots[child]!;
      i = child;
    }
    scores[i] = score;
    slots[i] = slot;
  };

  return {
    reset(k) {
      if (scores.length < k) {
        scores = new Float64Array(k);
        slots = new Int32Array(k);
      }
      capacity = k;
      size = 0;
    },
    get floor() {
      return size < capacity ? Number.NEGATIVE_INFINITY : scores[0]!;
    },
    offer(slot, score) {
      if (size < capacity) {
        let i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!worse(score, slot, scores[parent]!, slots[parent]!)) break;
          scores[i] = scores[parent]!;
          slots[i] = slots[parent]!;
          i = parent;
        }
        scores[i] = score;
        slots[i] = slot;
        return;
      }
      if (capacity === 0 || !worse(scores[0]!, slots[0]!, score, slot)) return;
      siftDown(slot, score, 0);
    },
    ranking() {
      const out: RankedTool[] = new Array(size);
      // Popping the worst pair each time fills the answer from the back.
      for (let n = size; n > 0; n--) {
        out[n - 1] = { name: names[slots[0]!]!, score: scores[0]! };
        size--;
        if (size > 0) siftDown(slots[size]!, scores[size]!, 0);
      }
      return out;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { kthLargest } from './kth-largest.js';
import { keepReachable, kthAccumulated, takeBestAndClear } from './max-score.js';
import { topSlots } from './top-slots.js';

describe('keepReachable', () => {
  it('keeps the slots that can still reach theta, in run order, and moves the run ends', () => {
    const accumulator = Float64Array.from([5, 1, 4, 0.5, 3, 2]);
    // Two sorted runs: slots [0, 1, 2] and [3, 4, 5].
    const from = Int32Array.from([0, 1, 2, 3, 4, 5]);
    const runEnd = Int32Array.from([3, 6]);
    const into = new Int32Array(6);
    const kept = keepReachable(accumulator, from, 6, runEnd, 2, 1, 4, into);
    expect([...into.subarray(0, kept)]).toEqual([0, 2, 4]);
    expect([...runEnd]).toEqual([2, 3]);
  });

  it('compacts in place when reading from and writing to the same buffer', () => {
    const accumulator = Float64Array.from([1, 9, 1, 9]);
    const slots = Int32Array.from([0, 1, 2, 3]);
    const runEnd = Int32Array.from([4]);
    expect(keepReachable(accumulator, slots, 4, runEnd, 1, 0, 5, slots)).toBe(2);
    expect([...slots.subarray(0, 2)]).toEqual([1, 3]);
  });

  it('keeps a slot short of theta by rounding only, and prunes one short by more', () => {
    const accumulator = Float64Array.from([0.3, 0.3]);
    const into = new Int32Array(2);
    const reach = (theta: number) =>
      keepReachable(
        accumulator,
        Int32Array.from([0, 1]),
        2,
        Int32Array.from([2]),
        1,
        0,
        theta,
        into,
      );
    expect(reach(0.3 * (1 + 1e-12))).toBe(2);
    expect(reach(0.3 * (1 + 1e-6))).toBe(0);
  });
});

describe('kthAccumulated', () => {
  it('is the k-th largest accumulated score of the given slots, -Infinity for fewer', () => {
    const accumulator = Float64Array.from([3, 7, 1, 5]);
    const heap = kthLargest();
    const from = Int32Array.from([0, 1, 2, 3]);
    expect(kthAccumulated(accumulator, heap, from, 4, 2)).toBe(5);
    expect(kthAccumulated(accumulator, heap, from, 2, 3)).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('takeBestAndClear', () => {
  it('returns the best k and zeroes every touched slot, pool or not', () => {
    for (const samePool of [true, false]) {
      const accumulator = Float64Array.from([0, 4, 2, 4, 1]);
      const touched = Int32Array.from([1, 2, 3, 4]);
      const pool = samePool ? touched : Int32Array.from([1, 3]);
      const best = topSlots(['a', 'b', 'c', 'd', 'e']);
      const ranking = takeBestAndClear(accumulator, pool, pool.length, touched, 4, best, 2);
      expect(ranking).toEqual([
        { name: 'b', score: 4 },
        { name: 'd', score: 4 },
      ]);
      expect([...accumulator]).toEqual([0, 0, 0, 0, 0]);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kthLargest, kthValue, offerKth, resetKth } from './kth-largest.js';
import { offerTop, resetTop, takeRanking, topFloor, topSlots } from './top-slots.js';

/** The exhaustive answer: every (slot, score), best first, ties by ascending name. */
const sorted = (names: readonly string[], scores: readonly number[]) =>
  scores
    .map((score, slot) => ({ name: names[slot]!, score }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

// Few distinct scores, so ties are common and the name order is exercised.
const streams = fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 });

describe('topSlots', () => {
  it('keeps the best k of a stream, ties by name, as a sort of everything would', () => {
    fc.assert(
      fc.property(streams, fc.integer({ min: 0, max: 20 }), (scores, k) => {
        const names = scores.map((_, slot) => `tool_${(slot * 7919) % 1000}_${slot}`);
        const top = topSlots(names);
        resetTop(top, k);
        for (const [slot, score] of scores.entries()) offerTop(top, slot, score);
        expect(takeRanking(top)).toEqual(sorted(names, scores).slice(0, k));
      }),
      { numRuns: 300 },
    );
  });

  it('reports the score to beat once k pairs are held, and is reusable after takeRanking', () => {
    const top = topSlots(['a', 'b', 'c']);
    resetTop(top, 2);
    offerTop(top, 0, 1);
    expect(topFloor(top)).toBe(Number.NEGATIVE_INFINITY);
    offerTop(top, 1, 3);
    offerTop(top, 2, 2);
    expect(topFloor(top)).toBe(2);
    expect(takeRanking(top).map((entry) => entry.name)).toEqual(['b', 'c']);
    resetTop(top, 1);
    offerTop(top, 0, 5);
    expect(takeRanking(top)).toEqual([{ name: 'a', score: 5 }]);
  });
});

describe('kthLargest', () => {
  it('tracks the k-th largest score of a stream', () => {
    fc.assert(
      fc.property(streams, fc.integer({ min: 1, max: 20 }), (scores, k) => {
        const heap = kthLargest();
        resetKth(heap, k);
        for (const [slot, score] of scores.entries()) offerKth(heap, slot, score);
        const expected =
          scores.length < k ? Number.NEGATIVE_INFINITY : [...scores].sort((a, b) => b - a)[k - 1];
        expect(kthValue(heap)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the pair it holds when an equal score is offered (no tie rule)', () => {
    const heap = kthLargest();
    resetKth(heap, 1);
    offerKth(heap, 4, 2);
    offerKth(heap, 1, 2);
    expect([heap.slots[0], kthValue(heap)]).toEqual([4, 2]);
    offerKth(heap, 7, 3);
    expect([heap.slots[0], kthValue(heap)]).toEqual([7, 3]);
  });

  it('has no k-th value for k = 0', () => {
    const heap = kthLargest();
    resetKth(heap, 0);
    offerKth(heap, 0, 1);
    expect(kthValue(heap)).toBe(Number.NEGATIVE_INFINITY);
  });
});

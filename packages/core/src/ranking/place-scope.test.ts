import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { PlaceOptions } from '../spec/ranker-v1.js';
import { placeFromRanking, readPlaceOptions } from './place-scope.js';

describe('readPlaceOptions', () => {
  it('keeps a whole head, at most the index size, and a name test', () => {
    const only = new Set(['a']);
    expect(readPlaceOptions('r', { head: 40, only }, 12)).toEqual({
      head: 12,
      only,
      below: Number.POSITIVE_INFINITY,
    });
    expect(readPlaceOptions('r', { head: 4, only, below: 20 }, 12).below).toBe(20);
    expect(readPlaceOptions('r', { head: 0, only }, 12).head).toBe(0);
  });

  it('refuses a head that is not a whole number, or a scope without has(), naming the ranker', () => {
    const bad: unknown[] = [
      { head: -1, only: new Set() },
      { head: 2.5, only: new Set() },
      { head: '3', only: new Set() },
      { head: 3 },
      { head: 3, only: ['a'] },
      { head: 3, only: new Set(), below: -1 },
      { head: 3, only: new Set(), below: 1.5 },
      { head: 3, only: new Set(), below: '2' },
      undefined,
    ];
    for (const options of bad) {
      expect(() => readPlaceOptions('bm25', options as PlaceOptions, 10)).toThrow(
        InvalidArgumentError,
      );
      expect(() => readPlaceOptions('bm25', options as PlaceOptions, 10)).toThrow(/^bm25: /);
    }
  });
});

describe('placeFromRanking', () => {
  it("keeps the head, then the scope's tools below it with their ranks", () => {
    const ranking = ['a', 'b', 'c', 'd', 'e'].map((name, i) => ({ name, score: 5 - i }));
    expect(placeFromRanking(ranking, 2, new Set(['a', 'd', 'e']))).toEqual([
      { name: 'a', score: 5 },
      { name: 'b', score: 4 },
      { name: 'd', score: 2, rank: 4 },
      { name: 'e', score: 1, rank: 5 },
    ]);
    expect(placeFromRanking(ranking, 0, new Set(['c']))).toEqual([
      { name: 'c', score: 3, rank: 3 },
    ]);
    expect(placeFromRanking(ranking, 1, new Set(['b', 'd', 'e']), 2)).toEqual([
      { name: 'a', score: 5 },
      { name: 'b', score: 4, rank: 2 },
      { name: 'd', score: 2, rank: 4 },
    ]);
  });
});

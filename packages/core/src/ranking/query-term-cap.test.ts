import { describe, expect, it } from 'vitest';
import { keepRarestTerms, MAX_QUERY_TERMS } from './query-term-cap.js';

describe('keepRarestTerms (the query-size policy)', () => {
  it('leaves a query of at most MAX_QUERY_TERMS terms untouched', () => {
    const terms = Int32Array.from({ length: MAX_QUERY_TERMS }, (_, i) => i);
    const weights = Float64Array.from(terms, (t) => t + 1);
    const frequency = Int32Array.from(terms, (t) => 1000 - t);
    expect(keepRarestTerms(terms, weights, MAX_QUERY_TERMS, frequency)).toBe(MAX_QUERY_TERMS);
    expect([...terms]).toEqual(Array.from({ length: MAX_QUERY_TERMS }, (_, i) => i));
    expect(weights[7]).toBe(8);
  });

  it('keeps the rarest terms in query order, with their weights, ties to the first seen', () => {
    // Term ids 10..15 in query order; document frequencies 5, 1, 9, 1, 2, 1.
    const terms = Int32Array.from([10, 11, 12, 13, 14, 15]);
    const weights = Float64Array.from([1, 2, 3, 4, 5, 6]);
    const frequency = new Int32Array(16);
    [5, 1, 9, 1, 2, 1].forEach((df, i) => {
      frequency[10 + i] = df;
    });
    expect(keepRarestTerms(terms, weights, 6, frequency, 3)).toBe(3);
    expect([...terms.subarray(0, 3)]).toEqual([11, 13, 15]);
    expect([...weights.subarray(0, 3)]).toEqual([2, 4, 6]);
    const tied = Int32Array.from([15, 13, 11, 14]);
    expect(keepRarestTerms(tied, new Float64Array(4), 4, frequency, 2)).toBe(2);
    expect([...tied.subarray(0, 2)]).toEqual([15, 13]);
  });

  it('bounds a 10,000-term query to MAX_QUERY_TERMS', () => {
    const terms = Int32Array.from({ length: 10_000 }, (_, i) => i);
    const frequency = Int32Array.from(terms, (t) => 1 + (t % 97));
    const kept = keepRarestTerms(terms, new Float64Array(10_000), 10_000, frequency);
    expect(kept).toBe(MAX_QUERY_TERMS);
    for (let i = 0; i < kept; i++) expect(frequency[terms[i]!]).toBeLessThanOrEqual(3);
  });
});

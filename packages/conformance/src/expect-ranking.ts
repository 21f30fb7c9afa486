import type { Ranking } from '@shortlist/core/kit';
import { expect } from 'vitest';

/** Asserts the properties every ranking has: unique names, finite non-increasing scores, ties by name. */
export function expectWellFormedRanking(ranking: Ranking, limit: number): void {
  expect(Array.isArray(ranking)).toBe(true);
  expect(ranking.length).toBeLessThanOrEqual(limit);
  const names = ranking.map((entry) => entry.name);
  expect(new Set(names).size).toBe(names.length);
  for (let i = 0; i < ranking.length; i++) {
    const entry = ranking[i]!;
    expect(typeof entry.name).toBe('string');
    expect(Number.isFinite(entry.score)).toBe(true);
    if (i === 0) continue;
    const previous = ranking[i - 1]!;
    expect(entry.score).toBeLessThanOrEqual(previous.score);
    if (entry.score === previous.score) expect(previous.name < entry.name).toBe(true);
  }
}

/** Two rankings name the same tools in the same order with scores equal up to float noise. */
export function expectSameRanking(actual: Ranking, expected: Ranking): void {
  expect(actual.map((entry) => entry.name)).toEqual(expected.map((entry) => entry.name));
  actual.forEach((entry, i) => {
    expect(entry.score).toBeCloseTo(expected[i]!.score, 6);
  });
}

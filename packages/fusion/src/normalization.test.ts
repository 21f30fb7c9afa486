import { describe, expect, it } from 'vitest';
import { normalizeScores } from './normalization.js';

const sigma = Math.sqrt(2 / 3); // population σ of [3, 2, 1]

describe('normalizeScores', () => {
  it('min-max maps the lowest to 0 and the highest to 1', () => {
    expect(normalizeScores([3, 2, 1], 'minmax')).toEqual([1, 0.5, 0]);
    expect(normalizeScores([0.9, 0.5], 'minmax')).toEqual([1, 0]);
  });

  it('z-score counts standard deviations above the lowest score, so absent (0) is never better', () => {
    const [x, y, z] = normalizeScores([3, 2, 1], 'zscore');
    expect(x).toBeCloseTo(2 / sigma, 12);
    expect(y).toBeCloseTo(1 / sigma, 12);
    expect(z).toBe(0);
    const [a, b] = normalizeScores([0.9, 0.5], 'zscore');
    expect(a).toBeCloseTo(2, 12);
    expect(b).toBe(0);
  });

  it('dbsf scales mean ± 3σ to [0, 1] and clips outliers', () => {
    const [x, y, z] = normalizeScores([3, 2, 1], 'dbsf');
    expect(x).toBeCloseTo((3 - (2 - 3 * sigma)) / (6 * sigma), 12);
    expect(y).toBeCloseTo(0.5, 12);
    expect(z).toBeCloseTo((1 - (2 - 3 * sigma)) / (6 * sigma), 12);
    // One huge score among many equal ones lies beyond mean + 3σ and is clipped to 1.
    const skewed = normalizeScores([100, ...Array.from({ length: 20 }, () => 1)], 'dbsf');
    expect(skewed[0]).toBe(1);
    expect(skewed[1]).toBeGreaterThan(0);
    expect(skewed[1]).toBeLessThan(0.5);
  });

  it('maps a ranking without spread (one result, all equal, σ = 0) to 1 for every tool', () => {
    for (const method of ['minmax', 'zscore', 'dbsf'] as const) {
      expect(normalizeScores([7], method)).toEqual([1]);
      expect(normalizeScores([2, 2, 2], method)).toEqual([1, 1, 1]);
      expect(normalizeScores([], method)).toEqual([]);
    }
  });

  it("'none' keeps raw scores", () => {
    expect(normalizeScores([12.5, -3], 'none')).toEqual([12.5, -3]);
  });
});

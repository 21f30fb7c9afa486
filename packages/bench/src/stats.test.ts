import { describe, expect, it } from 'vitest';
import { percentile, summarise } from './stats.js';

describe('percentile', () => {
  it('interpolates between the nearest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile([10, 20], 0)).toBe(10);
    expect(percentile([10, 20], 100)).toBe(20);
    expect(percentile([10, 20], 25)).toBe(12.5);
  });

  it('gives the 99th percentile of 1..100 just under the maximum', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 99)).toBeCloseTo(99.01, 10);
  });

  it('is NaN for no values and clamps p', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(percentile([3, 4], 150)).toBe(4);
    expect(percentile([3, 4], -5)).toBe(3);
  });
});

describe('summarise', () => {
  it('sorts numerically and reports extremes, median, p99 and mean', () => {
    const summary = summarise([100, 9, 20, 3]);
    expect(summary).toMatchObject({ count: 4, min: 3, p50: 14.5, max: 100, mean: 33 });
    expect(summary.p99).toBeCloseTo(97.6, 10);
  });
});

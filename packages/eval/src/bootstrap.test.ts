import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { bootstrapColumns, bootstrapInterval, pairedBootstrap } from './bootstrap.js';

const binary = (ones: number, n: number) =>
  Float64Array.from({ length: n }, (_, i) => (i < ones ? 1 : 0));

describe('bootstrapInterval', () => {
  it('gives the mean with an interval around it that matches the normal approximation', () => {
    // p = 0.3, n = 1000: standard error sqrt(0.3 * 0.7 / 1000) = 0.01449, 1.96 se = 0.0284
    const result = bootstrapInterval(binary(300, 1000), { seed: 7 });
    expect(result.mean).toBeCloseTo(0.3, 12);
    expect(result.low).toBeGreaterThan(0.3 - 0.0284 - 0.006);
    expect(result.low).toBeLessThan(0.3 - 0.0284 + 0.006);
    expect(result.high).toBeGreaterThan(0.3 + 0.0284 - 0.006);
    expect(result.high).toBeLessThan(0.3 + 0.0284 + 0.006);
  });

  it('is the same for the same seed and differs for another', () => {
    const values = Float64Array.from({ length: 200 }, (_, i) => (i * 37) % 11);
    const first = bootstrapInterval(values, { seed: 3 });
    expect(bootstrapInterval(values, { seed: 3 })).toEqual(first);
    expect(bootstrapInterval(values, { seed: 4 })).not.toEqual(first);
  });

  it('narrows with a lower confidence and collapses for constant values', () => {
    const values = binary(50, 100);
    const wide = bootstrapInterval(values, { confidence: 0.99 });
    const narrow = bootstrapInterval(values, { confidence: 0.5 });
    expect(wide.high - wide.low).toBeGreaterThan(narrow.high - narrow.low);
    expect(bootstrapInterval([2, 2, 2])).toEqual({ mean: 2, low: 2, high: 2 });
  });

  it('rejects bad options', () => {
    expect(() => bootstrapInterval([1], { resamples: 0 })).toThrow(InvalidArgumentError);
    expect(() => bootstrapInterval([1], { confidence: 95 })).toThrow(/between 0 and 1/);
  });
});

describe('pairedBootstrap', () => {
  it('states the difference of paired means and how often a came out ahead', () => {
    // a beats b on 60 of 100 queries by 1, ties on the rest: difference 0.6, a always ahead.
    const a = binary(60, 100);
    const b = new Float64Array(100);
    const result = pairedBootstrap(a, b, { seed: 1 });
    expect(result.mean).toBeCloseTo(0.6, 12);
    expect(result.low).toBeGreaterThan(0.45);
    expect(result.high).toBeLessThan(0.75);
    expect(result.shareAGreater).toBe(1);
  });

  it('is tighter than unpaired intervals when the systems move together', () => {
    const b = Float64Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 1 : 0));
    const a = Float64Array.from(b, (value, i) => (i % 20 === 1 ? 1 : value));
    const paired = pairedBootstrap(a, b);
    const single = bootstrapInterval(a);
    expect(paired.high - paired.low).toBeLessThan((single.high - single.low) / 2);
    expect(paired.low).toBeGreaterThan(0);
  });

  it('gives about half when the systems are the same up to noise', () => {
    const a = Float64Array.from({ length: 500 }, (_, i) => (i % 2 === 0 ? 1 : 0));
    const b = Float64Array.from({ length: 500 }, (_, i) => (i % 4 < 2 ? 1 : 0));
    const result = pairedBootstrap(a, b, { seed: 9 });
    expect(result.mean).toBe(0);
    expect(result.shareAGreater).toBeGreaterThan(0.3);
    expect(result.shareAGreater).toBeLessThan(0.7);
  });

  it('rejects unpaired lengths', () => {
    expect(() => pairedBootstrap([1, 2], [1])).toThrow(/same queries/);
  });
});

describe('bootstrapColumns', () => {
  it('gives each column the interval bootstrapInterval gives it alone, with the same seed', () => {
    const columns = [
      Float64Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? 1 : 0)),
      Float64Array.from({ length: 300 }, (_, i) => (i % 7) / 7),
      Float64Array.from({ length: 300 }, (_, i) => Math.sqrt(i)),
    ];
    const joint = bootstrapColumns(columns, { seed: 5, resamples: 200 });
    columns.forEach((column, j) => {
      const alone = bootstrapInterval(column, { seed: 5, resamples: 200 });
      expect(joint[j]!.mean).toBeCloseTo(alone.mean, 12);
      expect(joint[j]!.low).toBeCloseTo(alone.low, 12);
      expect(joint[j]!.high).toBeCloseTo(alone.high, 12);
    });
  });
});

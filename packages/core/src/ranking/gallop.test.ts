import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gallopTo } from './gallop.js';

describe('gallopTo', () => {
  it('finds the first value at or above the target within the range', () => {
    const sorted = Int32Array.from([1, 3, 3, 7, 9, 12, 20]);
    expect(gallopTo(sorted, 0, sorted.length, 3)).toBe(1);
    expect(gallopTo(sorted, 2, sorted.length, 3)).toBe(2);
    expect(gallopTo(sorted, 0, sorted.length, 8)).toBe(4);
    expect(gallopTo(sorted, 0, sorted.length, 21)).toBe(7);
    expect(gallopTo(sorted, 0, 4, 21)).toBe(4);
    expect(gallopTo(sorted, 5, 5, 0)).toBe(5);
  });

  it('agrees with a linear scan on random sorted arrays and ranges', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 80 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: -5, max: 210 }),
        (values, a, b, target) => {
          const sorted = Int32Array.from(values.sort((x, y) => x - y));
          const from = sorted.length ? a % (sorted.length + 1) : 0;
          const to = from + (sorted.length ? b % (sorted.length - from + 1) : 0);
          let expected = from;
          while (expected < to && sorted[expected]! < target) expected++;
          expect(gallopTo(sorted, from, to, target)).toBe(expected);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { calibration } from './calibration.js';

describe('calibration', () => {
  it('weighs each bin gap by its share of the cases, computed by hand', () => {
    // Bin 0.1-0.2: two cases at 0.15, one right (gap 0.35); bin 0.9-1: two at 0.95, both right (0.05).
    const found = calibration([0.15, 0.15, 0.95, 0.95], [true, false, true, true]);
    expect(found.ece).toBeCloseTo((2 * 0.35 + 2 * 0.05) / 4, 12);
    expect(found.bins.map((bin) => [bin.low, bin.count, bin.accuracy])).toEqual([
      [0.1, 2, 0.5],
      [0.9, 2, 1],
    ]);
  });

  it('is 0 for estimates that match the outcomes, NaN for no cases', () => {
    expect(calibration([1, 1, 0, 0], [1, 1, 0, 0]).ece).toBe(0);
    expect(calibration([], []).ece).toBeNaN();
  });
});

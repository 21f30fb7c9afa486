import { describe, expect, it } from 'vitest';
import { createRandom } from './random.js';
import { zipfSampler } from './zipf.js';

describe('zipfSampler', () => {
  it('draws rank r about 1/(r+1) as often as rank 0', () => {
    const n = 1000;
    const counts = new Float64Array(n);
    const draw = zipfSampler(n, 1);
    const random = createRandom(42);
    for (let i = 0; i < 300_000; i++) counts[draw(random)]! += 1;
    // Least-squares slope of log(frequency) against log(rank) over ranks 1–50 is close to −1.
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    const m = 50;
    for (let rank = 1; rank <= m; rank++) {
      const x = Math.log(rank);
      const y = Math.log(counts[rank - 1]!);
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
    }
    const slope = (m * sxy - sx * sy) / (m * sxx - sx * sx);
    expect(slope).toBeGreaterThan(-1.1);
    expect(slope).toBeLessThan(-0.9);
    expect(counts[0]! / counts[9]!).toBeGreaterThan(8);
    expect(counts[0]! / counts[9]!).toBeLessThan(12);
  });

  it('stays within range and follows a steeper exponent when asked', () => {
    const random = createRandom(1);
    const steep = zipfSampler(100, 2);
    let zeros = 0;
    for (let i = 0; i < 10_000; i++) {
      const rank = steep(random);
      expect(rank).toBeGreaterThanOrEqual(0);
      expect(rank).toBeLessThan(100);
      if (rank === 0) zeros++;
    }
    // 1 / ζ(2) over 100 ranks ≈ 0.61 of draws are rank 0.
    expect(zeros / 10_000).toBeGreaterThan(0.57);
    expect(zeros / 10_000).toBeLessThan(0.65);
  });
});

import type { Random } from './random.js';

/** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^exponent. */
export type ZipfSampler = (random: Random) => number;

/**
 * Builds a Zipf sampler over `n` ranks by inverting the cumulative distribution with a binary
 * search: O(n) once, O(log n) a draw. Word frequencies in text follow this with exponent ≈ 1.
 */
export function zipfSampler(n: number, exponent = 1): ZipfSampler {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) {
    total += 1 / (rank + 1) ** exponent;
    cumulative[rank] = total;
  }
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cumulative[mid]! <= target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

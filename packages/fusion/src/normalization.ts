import { InvalidArgumentError } from '@shortlist/core';

/**
 * How `weighted()` puts each ranker's scores on one scale before combining them:
 * `'minmax'` to [0, 1]; `'zscore'` in standard deviations above the ranking's lowest score;
 * `'dbsf'` (distribution-based score fusion) to [0, 1] between mean − 3σ and mean + 3σ, clipped;
 * `'none'` raw scores.
 */
export type Normalization = 'minmax' | 'zscore' | 'dbsf' | 'none';

/** Every normalisation `weighted()` accepts, in the order `fitFusion` tries them. */
export const normalizations: readonly Normalization[] = Object.freeze([
  'minmax',
  'zscore',
  'dbsf',
  'none',
]);

/** Validates a `normalize` option. */
export function checkNormalization(value: unknown, argument: string): Normalization {
  if (!(normalizations as readonly unknown[]).includes(value)) {
    throw new InvalidArgumentError({
      argument,
      expected: `one of ${normalizations.map((name) => `'${name}'`).join(', ')}`,
      message: `${argument} must be one of ${normalizations.map((name) => `'${name}'`).join(', ')}, got ${JSON.stringify(value)}`,
    });
  }
  return value as Normalization;
}

/**
 * Normalises one ranking's scores. A ranking with no spread (one result, or all scores equal)
 * maps every score to 1: each tool is as good as the best this ranker found. Absent tools count 0,
 * so every normalisation but `'none'` keeps present tools at ≥ 0.
 */
export function normalizeScores(scores: readonly number[], method: Normalization): number[] {
  if (method === 'none' || scores.length === 0) return [...scores];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const score of scores) {
    if (score < min) min = score;
    if (score > max) max = score;
    sum += score;
  }
  if (max === min) return scores.map(() => 1);
  if (method === 'minmax') return scores.map((score) => (score - min) / (max - min));
  const mean = sum / scores.length;
  let squares = 0;
  for (const score of scores) squares += (score - mean) ** 2;
  // Population standard deviation of the returned scores.
  const sigma = Math.sqrt(squares / scores.length);
  if (method === 'zscore') return scores.map((score) => (score - min) / sigma);
  const low = mean - 3 * sigma;
  return scores.map((score) => Math.min(1, Math.max(0, (score - low) / (6 * sigma))));
}

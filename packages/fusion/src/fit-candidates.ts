import { InvalidArgumentError } from '@shortlist/core';
import { checkK, weightOf } from './check-options.js';
import type { FusionConfig } from './fusion-config.js';
import { checkNormalization, type Normalization } from './normalization.js';

/** The grid `fitFusion` searches. */
export interface FitGrid {
  /** RRF `k` values to try. @default [2, 5, 10, 20, 40, 60, 100, 200] */
  readonly ks?: readonly number[];
  /** Normalisations of `weighted()` to try; `'none'` is left out because raw scales differ. @default ['minmax', 'zscore', 'dbsf'] */
  readonly normalizations?: readonly Normalization[];
  /** Step of the weight grid: weights are multiples of it that sum to 1. @default 0.1 */
  readonly weightStep?: number;
}

const MAX_WEIGHT_VECTORS = 5000;

/** Every way to split 1 into `count` multiples of 1/`parts` (the simplex grid). */
function simplex(count: number, parts: number): number[][] {
  if (count === 1) return [[parts]];
  const vectors: number[][] = [];
  for (let first = parts; first >= 0; first--) {
    for (const rest of simplex(count - 1, parts - first)) vectors.push([first, ...rest]);
  }
  return vectors;
}

/** True when every one of `rankerIds` gets the same weight (a missing weight counts 1). */
function isUniform(
  weights: Readonly<Record<string, number>>,
  rankerIds: readonly string[],
): boolean {
  const values = rankerIds.map((id) => weightOf(weights, id));
  return values.every((value) => value === values[0]);
}

/**
 * How far a config strays from the default `rrf()`: one point for leaving RRF, one for a `k`
 * other than 60, one for unequal weights. The fit prefers fewer points among near-ties.
 */
export function complexity(config: FusionConfig, rankerIds: readonly string[]): number {
  const weights = isUniform(config.weights, rankerIds) ? 0 : 1;
  return config.method === 'rrf' ? (config.k === 60 ? 0 : 1) + weights : 1 + weights;
}

/**
 * The configs `fitFusion` scores: uniform `rrf()` first, then every RRF `k` and every
 * normalisation, each with equal weights and with every point of the weight grid.
 */
export function fitCandidates(rankerIds: readonly string[], grid: FitGrid = {}): FusionConfig[] {
  const ks = (grid.ks ?? [2, 5, 10, 20, 40, 60, 100, 200]).map((k, i) =>
    checkK(k, `fitFusion(options.ks[${i}])`),
  );
  const methods = (grid.normalizations ?? ['minmax', 'zscore', 'dbsf']).map((method, i) =>
    checkNormalization(method, `fitFusion(options.normalizations[${i}])`),
  );
  const step = grid.weightStep ?? 0.1;
  const parts = Math.round(1 / step);
  if (!(step > 0 && step <= 1) || Math.abs(parts * step - 1) > 1e-9) {
    throw new InvalidArgumentError({
      argument: 'fitFusion(options.weightStep)',
      expected: 'a number in (0, 1] that divides 1, such as 0.1 or 0.25',
      message: `fitFusion(options.weightStep) must divide 1 evenly (0.1, 0.05, 0.25, ...), got ${String(step)}`,
    });
  }
  const grids = simplex(rankerIds.length, parts);
  if (grids.length > MAX_WEIGHT_VECTORS) {
    throw new InvalidArgumentError({
      argument: 'fitFusion(options.weightStep)',
      expected: `a step giving at most ${MAX_WEIGHT_VECTORS} weight vectors`,
      message: `fitFusion: a weight step of ${step} over ${rankerIds.length} rankers gives ${grids.length} weight vectors; use a coarser weightStep`,
    });
  }
  const weightings: Record<string, number>[] = [{}];
  for (const vector of grids) {
    if (vector.every((part) => part === vector[0])) continue;
    weightings.push(
      Object.fromEntries(
        rankerIds.map((id, i) => [id, Math.round((vector[i]! / parts) * 1e6) / 1e6]),
      ),
    );
  }
  const configs: FusionConfig[] = [{ method: 'rrf', k: 60, weights: {} }];
  for (const weights of weightings) {
    for (const k of ks) {
      if (k !== 60 || Object.keys(weights).length > 0) configs.push({ method: 'rrf', k, weights });
    }
    for (const normalize of methods) configs.push({ method: 'weighted', normalize, weights });
  }
  return configs;
}

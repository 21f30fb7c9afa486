import type { SourceRanking } from '@shortlist/core/kit';
import { checkK, checkOptionKeys, checkWeights, weightOf } from './check-options.js';
import { combine } from './combine.js';
import type { ConfiguredFusion, RrfConfig } from './fusion-config.js';

/** Options of `rrf()`. */
export interface RrfOptions {
  /** Damping constant: a tool at rank r scores `weight / (k + r)`. Smaller k favours top ranks. @default 60 */
  readonly k?: number;
  /** Weight per ranker id; a ranker without one weighs 1, and 0 ignores it. @default {} */
  readonly weights?: Readonly<Record<string, number>>;
}

/**
 * Weighted reciprocal rank fusion: each tool scores Σ weight_r / (k + rank_r) over the rankings
 * that contain it (ranks are 1-based). Uses ranks only, so rankers' score scales do not matter.
 */
export function rrf(options: RrfOptions = {}): ConfiguredFusion<RrfConfig> {
  checkOptionKeys(options, ['k', 'weights'], 'rrf');
  const config: RrfConfig = Object.freeze({
    method: 'rrf',
    k: checkK(options.k ?? 60, 'rrf(options.k)'),
    weights: checkWeights(options.weights, 'rrf(options.weights)'),
  });
  const contributions = (source: SourceRanking, scores: readonly number[]): number[] => {
    const weight = weightOf(config.weights, source.rankerId);
    return scores.map((_, i) => weight / (config.k + i + 1));
  };
  return {
    specificationVersion: 'v1',
    id: 'rrf',
    config,
    toJSON: () => config,
    doFuse: (rankings, { limit, only }) => combine(rankings, limit, contributions, undefined, only),
  };
}

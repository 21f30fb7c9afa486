import type { SourceRanking } from '@shortlist/core/kit';
import { checkHead, checkOptionKeys, checkWeights, weightOf } from './check-options.js';
import { combine } from './combine.js';
import type { ConfiguredFusion, WeightedConfig } from './fusion-config.js';
import { checkNormalization, type Normalization, normalizeScores } from './normalization.js';

/** Options of `weighted()`. */
export interface WeightedOptions {
  /**
   * Weight per ranker id; a ranker without one weighs 1, and 0 ignores it. Weights summing to 1
   * make a convex combination; other sums only rescale the fused score. @default {}
   */
  readonly weights?: Readonly<Record<string, number>>;
  /** How each ranking's scores are put on one scale first. @default 'minmax' */
  readonly normalize?: Normalization;
  /**
   * Normalise over each ranking's first `head` tools only, the rest adding nothing, and ask the
   * pipeline for at least that many from every ranker (`minDepth`): a tool's fused score then
   * never depends on the select's limit, so a larger limit only appends picks. @default the whole ranking
   */
  readonly head?: number;
}

/**
 * Weighted score fusion: each tool scores Σ weight_r · normalised score_r over the rankings that
 * contain it. `weighted({ weights: { bm25: α, tfidf: 1 − α } })` is α·bm25 + (1 − α)·tfidf on
 * min-max-normalised scores.
 */
export function weighted(options: WeightedOptions = {}): ConfiguredFusion<WeightedConfig> {
  checkOptionKeys(options, ['weights', 'normalize', 'head'], 'weighted');
  const head =
    options.head === undefined ? undefined : checkHead(options.head, 'weighted(options.head)');
  const config: WeightedConfig = Object.freeze({
    method: 'weighted',
    normalize: checkNormalization(options.normalize ?? 'minmax', 'weighted(options.normalize)'),
    weights: checkWeights(options.weights, 'weighted(options.weights)'),
    ...(head === undefined ? {} : { head }),
  });
  const contributions = (source: SourceRanking, scores: readonly number[]): number[] => {
    const weight = weightOf(config.weights, source.rankerId);
    return normalizeScores(scores, config.normalize).map((score) => weight * score);
  };
  return {
    specificationVersion: 'v1',
    id: 'weighted',
    config,
    ...(head === undefined ? {} : { minDepth: head }),
    toJSON: () => config,
    doFuse: (rankings, { limit, only }) => combine(rankings, limit, contributions, head, only),
  };
}

export type { FitGrid } from './fit-candidates.js';
export {
  type CrossValidation,
  type FitOptions,
  type FitResult,
  type FitTrial,
  fitFusion,
  type LabelledQuery,
} from './fit-fusion.js';
export type { FitMetric } from './fit-metric.js';
export type {
  ConfiguredFusion,
  FusionConfig,
  RrfConfig,
  WeightedConfig,
} from './fusion-config.js';
export { fusionFromJSON } from './fusion-from-json.js';
export { type Normalization, normalizations, normalizeScores } from './normalization.js';
export { type RrfOptions, rrf } from './rrf.js';
export { type WeightedOptions, weighted } from './weighted.js';

import type { FusionV1 } from '@shortlist/core';
import type { FusedTool, FuseOptions, SourceRanking } from '@shortlist/core/kit';
import type { Normalization } from './normalization.js';

/** A reciprocal rank fusion, as plain data: `fusionFromJSON` turns it back into a fusion. */
export interface RrfConfig {
  readonly method: 'rrf';
  readonly k: number;
  readonly weights: Readonly<Record<string, number>>;
}

/** A weighted fusion of normalised scores, as plain data. */
export interface WeightedConfig {
  readonly method: 'weighted';
  readonly normalize: Normalization;
  readonly weights: Readonly<Record<string, number>>;
  /** Tools of each ranking normalised over; absent: the whole ranking (`weighted({ head })`). */
  readonly head?: number;
}

/** Any fusion this package makes, as JSON-safe data you can store and load. */
export type FusionConfig = RrfConfig | WeightedConfig;

/**
 * A fusion that is also its own configuration: pass it to `.fuse()`, read `config`, or
 * `JSON.stringify` it (through `toJSON`) and load it back with `fusionFromJSON`.
 */
export interface ConfiguredFusion<Config extends FusionConfig = FusionConfig> extends FusionV1 {
  readonly config: Config;
  toJSON(): Config;
  /** Fuses synchronously: these fusions never wait on anything. */
  doFuse(rankings: readonly SourceRanking[], options: FuseOptions): readonly FusedTool[];
}

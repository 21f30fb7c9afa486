import type { ExampleStore } from '@shortlist/core';

/** Options of `learned()`. Defaults were chosen by streaming benchmark requests (README, Design). */
export interface LearnedOptions {
  /** Where examples are kept and shared: `memoryExampleStore()`, a file or a Redis store. */
  readonly store: ExampleStore;
  /** Names the stage in picks' `sources` and errors. @default 'learned' */
  readonly id?: string;
  /** How many of the query's nearest examples vote. @default 20 */
  readonly neighbours?: number;
  /** Examples less similar than this (cosine, 0–1) never vote, so an unrelated query learns nothing. @default 0.1 */
  readonly minSimilarity?: number;
  /** Each vote is similarity ** sharpness: above 1 the closest examples count most. @default 2 */
  readonly sharpness?: number;
  /**
   * The vote mass at which learning and the base ranking weigh the same: the learned share of a
   * ranking is mass / (mass + evidence), so a few loose examples barely move it. @default 0.1
   */
  readonly evidence?: number;
  /** Temperature turning the fused scores into a distribution; lower trusts its top more. @default 1 */
  readonly temperature?: number;
  /**
   * Floor added to the learned distribution before its log, so a tool the examples do not name
   * keeps its base order among the others instead of dropping out. @default 0.05
   */
  readonly learnedFloor?: number;
  /**
   * How hard an unhelpful vote pushes a tool down, in log-probability per unit of vote: the same
   * request marked unhelpful (a vote of −1) costs e⁵, about 150×. @default 5
   */
  readonly unhelpfulWeight?: number;
}

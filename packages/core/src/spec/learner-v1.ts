import type { ExampleSelector, ToolExample } from '../learning/tool-example.js';
import type { Tool } from '../tools/tool.js';
import type { CallOptions, LongCallOptions } from './call-options.js';
import type { FusedTool, SourceRanking } from './fusion-v1.js';

/**
 * One select as the learning stage sees it: the request itself (a fusion is never handed it),
 * each ranker's ranking, and the pipeline's fusion to call as deep as the learner needs.
 */
export interface LearnCallV1 {
  /** The request, capped as the rankers saw it. */
  readonly query: string;
  /** Each ranker's ranking, as the fusion received it. */
  readonly rankings: readonly SourceRanking[];
  /** Most tools to return. */
  readonly limit: number;
  /** The tools a scoped select keeps; the learner must return no other. */
  readonly only?: { has(name: string): boolean };
  readonly signal?: AbortSignal;
  /** Who asks (`SelectOptions.source`), as examples name who taught them. */
  readonly source?: string;
  /** The pipeline's fused ranking, `depth` tools deep (within `only` on a scoped select). */
  fuse(depth: number): Promise<readonly FusedTool[]>;
}

/** What the learning stage makes of one select. */
export interface LearnedRankingV1 {
  /** At most `limit` tools, best first. */
  readonly tools: readonly FusedTool[];
  /**
   * Whether what was learnt vouches for a tool of this request, so the pipeline does not answer
   * "no tool matched" on the rankings' evidence alone.
   */
  readonly vouches: boolean;
  /**
   * Why no tool fits, when what was learnt says so (every tool offered for this request before was
   * marked unhelpful): the select then has no picks and `Selection.abstained` holds this.
   */
  readonly abstained?: string;
}

/** A learner's state over one catalogue: the one place a picker's examples go and are read. */
export interface LearnerIndexV1 {
  /** Moves the fused ranking as far as what was learnt warrants; only the pipeline calls this. */
  doRerank(call: LearnCallV1): Promise<LearnedRankingV1>;
  /** Keeps checked examples (named tools are in the catalogue) so later selects reflect them. */
  doLearn(examples: readonly ToolExample[], options?: CallOptions): Promise<void>;
  /** Forgets examples for good, from wherever they are kept; resolves to how many were dropped. */
  doForget(selector: ExampleSelector, options?: CallOptions): Promise<number>;
  /** Tools joined the catalogue. */
  doAdd?(tools: readonly Tool[], options?: LongCallOptions): Promise<void>;
  /** Tools left the catalogue; unknown names are ignored. */
  doRemove?(names: readonly string[], options?: CallOptions): Promise<void>;
  /** Stops listening to shared stores. */
  doDispose?(): void;
}

/**
 * Learning from use as a pipeline stage, after fusion and before packing: `.learn(learned({ store }))`.
 * `picker.learn()` and `picker.forget()` reach it, and nothing else does.
 */
export interface LearnerV1 {
  readonly specificationVersion: 'v1';
  /** Names the stage in picks' `sources` and errors: `learned`. */
  readonly id: string;
  /** Fewest tools of each ranking the learner needs, whatever the limit (a fixed head). */
  readonly minDepth?: number;
  /** Opens the learner over a catalogue: reads its store and follows it. */
  doIndex(tools: readonly Tool[], options?: LongCallOptions): Promise<LearnerIndexV1>;
}

import type { ExampleSelector, ToolExample } from '../learning/tool-example.js';
import type { Tool } from '../tools/tool.js';
import type { Awaitable, CallOptions, LongCallOptions } from './call-options.js';

/** One tool in a ranking, referred to by name. */
export interface RankedTool {
  readonly name: string;
  /** Finite; higher is better; only comparable within one ranker. */
  readonly score: number;
  /**
   * 1-based place in the ranker's whole ranking, set by `doPlace`, whose list skips tools;
   * absent, a tool's place is its position in the list.
   */
  readonly rank?: number;
}

/** Tools in descending score order; ties in name order so rankings are deterministic. */
export type Ranking = readonly RankedTool[];

export interface RankOptions extends CallOptions {
  /** At most this many tools come back. */
  readonly limit: number;
  /**
   * Rank only tools whose name this accepts (a select's `only`), as if the catalogue held no
   * others. Optional to honour: the pipeline drops other tools after ranking, fetching deeper.
   */
  readonly only?: { has(name: string): boolean };
}

export interface PlaceOptions extends CallOptions {
  /** How many tools of the whole ranking come first, all of them, in order. */
  readonly head: number;
  /** Below the head, only the tools whose name this accepts come back. */
  readonly only: { has(name: string): boolean };
  /** At most this many of them, the best first: a select needs only its picks. @default all */
  readonly below?: number;
}

/**
 * A ranker's index over one catalogue: built once, queried many times. Indexes own their state,
 * so a ranker can index several catalogues at once.
 */
export interface RankerIndexV1 {
  /** Number of tools in the index. */
  readonly size: number;
  /** Ranks the catalogue for a query; only the pipeline calls this. */
  doRank(query: string, options: RankOptions): Awaitable<Ranking>;
  /**
   * For a scoped select over a fusion with a head: the first `head` tools of the whole ranking,
   * then the tools below them that `only` accepts, in order, each with its `rank` in the whole
   * ranking. Optional: without it the pipeline reads the ranking deeper until enough are in scope.
   */
  doPlace?(query: string, options: PlaceOptions): Awaitable<Ranking>;
  /** Adds tools without a full rebuild; names must be new to the index. */
  doAdd?(tools: readonly Tool[], options?: LongCallOptions): Promise<void>;
  /** Removes tools by name; unknown names are ignored. */
  doRemove?(names: readonly string[], options?: CallOptions): Promise<void>;
  /**
   * Learns from use: keeps the checked examples (in the ranker's example store) so later ranks
   * reflect them. A pipeline's `picker.learn()` calls it on every index that has it.
   */
  doLearn?(examples: readonly ToolExample[], options?: CallOptions): Promise<void>;
  /** Forgets examples for good; resolves to how many were dropped. */
  doForget?(selector: ExampleSelector, options?: CallOptions): Promise<number>;
  /** A compact, versioned binary form of the index that `RankerV1.doRestore` reads back. */
  doSnapshot?(): Uint8Array;
  /** Releases native or WASM memory the index holds. */
  doDispose?(): void;
}

/** Ranks tools for a query. Implement this to add a ranker to `pipe()`. */
export interface RankerV1 {
  readonly specificationVersion: 'v1';
  /** Names the ranker in fused results and fusion weights: `bm25`, `semantic`. */
  readonly id: string;
  /** Indexes a catalogue. Must not mutate the tools. */
  doIndex(tools: readonly Tool[], options?: LongCallOptions): Promise<RankerIndexV1>;
  /**
   * Rebuilds an index from `doSnapshot()` output and the same tools, faster than `doIndex`.
   * Rejects with `CorruptDataError` for a snapshot that is corrupted or from another version.
   */
  doRestore?(
    snapshot: Uint8Array,
    tools: readonly Tool[],
    options?: LongCallOptions,
  ): Promise<RankerIndexV1>;
}

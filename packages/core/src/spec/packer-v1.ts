import type { Tool } from '../tools/tool.js';
import type { Awaitable, CallOptions, LongCallOptions } from './call-options.js';

/** A fused candidate offered to a packer, in rank order. */
export interface PackCandidate {
  /** The tool's name, `tool.name`: cheaper to read, since a picker may look `tool` up lazily. */
  readonly name: string;
  /**
   * The catalogue tool. The picker resolves it when first read, through a getter a spread does
   * not copy: copy a candidate as `{ ...candidate, tool: candidate.tool }`.
   */
  readonly tool: Tool;
  readonly score: number;
  /** 1-based position in the fused ranking. */
  readonly rank: number;
}

export interface PackedTool {
  readonly name: string;
  /** Tokens this tool's definition costs in the prompt. */
  readonly tokens: number;
}

/** Why a candidate was left out. */
export type DropReason = 'over-budget' | 'larger-than-budget' | 'over-limit';

export interface DroppedTool {
  readonly name: string;
  readonly reason: DropReason;
  /** Known when the packer measured the tool before dropping it. */
  readonly tokens?: number;
}

export interface PackResult {
  /** Kept tools in rank order; their tokens never add up to more than the budget. */
  readonly kept: readonly PackedTool[];
  readonly dropped: readonly DroppedTool[];
  readonly totalTokens: number;
}

export interface PackOptions extends CallOptions {
  /** At most this many tools are kept. */
  readonly limit: number;
}

/** Options of `doPrepare`. */
export interface PrepareOptions extends LongCallOptions {
  /**
   * The picker is being restored from snapshots, not indexed: a packer may leave checks and
   * loading to the first pack, so a restore pays nothing for tools it never packs.
   * @default false
   */
  readonly restoring?: boolean;
}

/** Chooses which candidates fit a token budget. Implement this to add a packer to `.pack()`. */
export interface PackerV1 {
  readonly specificationVersion: 'v1';
  readonly id: string;
  /** The budget in tokens. */
  readonly maxTokens: number;
  doPack(candidates: readonly PackCandidate[], options: PackOptions): Awaitable<PackResult>;
  /** Called when a catalogue is indexed or restored; a packer may measure tools eagerly here. */
  doPrepare?(tools: readonly Tool[], options?: PrepareOptions): Promise<void>;
  /** Releases what the packer holds (a WASM encoder). */
  doDispose?(): void;
}

import type { Confidence, SourcePlacement } from '../spec/fusion-v1.js';
import type { DroppedTool } from '../spec/packer-v1.js';
import type { Tool } from '../tools/tool.js';
import type { QueryTruncation } from './query-length.js';

/** One chosen tool and why it was chosen. */
export interface Pick<Original = unknown> {
  readonly name: string;
  readonly tool: Tool<Original>;
  /** 1-based position in the selection. */
  readonly rank: number;
  /** The fused score (the single ranker's score when there is one ranker). */
  readonly score: number;
  /** Each ranker's rank and raw score for this tool, keyed by ranker id. */
  readonly sources: Readonly<Record<string, SourcePlacement>>;
  /** Tokens the tool's definition costs, when the pipeline packs. */
  readonly tokens?: number;
}

/** What `picker.select()` returns. */
export interface Selection<Original = unknown> {
  readonly query: string;
  /** The chosen tools, best first. */
  readonly tools: readonly Tool<Original>[];
  /** The same tools exactly as they were given to `index()` or `add()`. */
  readonly originals: readonly Original[];
  readonly picks: readonly Pick<Original>[];
  /** Sum of the picks' tokens, when the pipeline packs. */
  readonly totalTokens?: number;
  /** Candidates the packer left out, with the reason. Empty when the pipeline does not pack. */
  readonly dropped: readonly DroppedTool[];
  /**
   * Present when the query was longer than the query-length policy allows (`MAX_QUERY_CHARACTERS`,
   * `MAX_QUERY_WORDS`): what was cut from its end before any ranker saw it.
   */
  readonly truncated?: QueryTruncation;
  /**
   * Present when the pipeline's abstention rule judged that no tool fits the request (e.g. it is
   * in another language): why, in a sentence. `picks` is then empty; show "no tool matched".
   */
  readonly abstained?: string;
  /**
   * The pipeline's calibrated estimate that the first pick, and the first five, hold a right tool
   * (its fusion's `doConfidence`); present when the pipeline gives one, abstained or not.
   */
  readonly confidence?: Confidence;
  /**
   * When abstained: the nearest tools' names, best first, to name to a model only as
   * low-confidence guesses (`noToolFits` in `@shortlist/core/adapter`).
   */
  readonly nearest?: readonly string[];
}

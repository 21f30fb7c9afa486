import type { ExampleStore, Pipeline } from '@shortlist/core';
import type { ConversationQueryOptions } from '@shortlist/core/adapter';

/** Options of `shortlist()`; every field has a working default. */
export interface ShortlistOptions {
  /** The retrieval pipeline. @default `lexical()`, the offline default */
  readonly pipeline?: Pipeline;
  /**
   * Learns from use: the default pipeline becomes `lexical({ examples })`, and a tool the model
   * calls after a search is learnt under the search query and the user's request, so the next
   * such request pre-selects it. Not with `pipeline` (give that pipeline the store yourself).
   */
  readonly examples?: ExampleStore;
  /** Tools picked per step (pre-selection) or per search. @default 5 */
  readonly limit?: number;
  /** Most tools offered to one conversation at once. @default 16 */
  readonly maxTools?: number;
  /** Cap on offered definition tokens; needs a pipeline that packs (`.pack(budget(n))`). */
  readonly maxTokens?: number;
  /** Tools offered at every step whatever the request, e.g. a `toolSearch` tool. @default [] */
  readonly alwaysActive?: readonly string[];
  /** Also record `{ query, tool }` here when the model calls an offered tool (e.g. an `intent()` ranker). */
  readonly learn?: ExampleStore;
  /** Called when recording examples fails; learning never breaks the agent loop. */
  readonly onLearnError?: (error: unknown) => void;
  /** How the query is built from the conversation (see `conversationQuery`). */
  readonly query?: ConversationQueryOptions;
}

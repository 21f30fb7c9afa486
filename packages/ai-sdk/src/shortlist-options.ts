import type { ExampleStore, Pipeline } from '@shortlist/core';
import type { ConversationQueryOptions } from '@shortlist/core/adapter';

/** Options of `shortlist()`; every field has a working default. */
export interface ShortlistOptions {
  /** The retrieval pipeline. @default `lexical()`, the offline default */
  readonly pipeline?: Pipeline;
  /**
   * Where the default pipeline, `lexical({ examples })`, keeps what it learns from use: a tool
   * the model calls is taught (through `picker.learn()`) under the user's request and the search
   * query that found it, so the next such request pre-selects it. Not with `pipeline` (give that
   * pipeline the store yourself). @default memoryExampleStore()
   */
  readonly examples?: ExampleStore;
  /** `false` learns nothing: no store, and calls teach nothing. @default true */
  readonly learn?: boolean;
  /** Tools picked per step (pre-selection) or per search. @default 5 */
  readonly limit?: number;
  /** Most tools offered to one conversation at once. @default 16 */
  readonly maxTools?: number;
  /** Cap on offered definition tokens; needs a pipeline that packs (`.pack(budget(n))`). */
  readonly maxTokens?: number;
  /** Tools offered at every step whatever the request, e.g. a `toolSearch` tool. @default [] */
  readonly alwaysActive?: readonly string[];
  /** Called when recording examples fails; learning never breaks the agent loop. */
  readonly onLearnError?: (error: unknown) => void;
  /** How the query is built from the conversation (see `conversationQuery`). */
  readonly query?: ConversationQueryOptions;
}

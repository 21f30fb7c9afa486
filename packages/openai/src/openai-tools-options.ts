import type { ConversationQueryOptions, ToolSessionOptions } from '@shortlist/core/adapter';

/** How a conversation's tools are chosen: the session's limits and how the query is built. */
export interface OpenAIToolsOptions extends ToolSessionOptions {
  /** How the retrieval query is built from the conversation (recent turns, weights, trimming). */
  readonly query?: ConversationQueryOptions;
}

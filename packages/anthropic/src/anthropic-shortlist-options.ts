import type { ConversationQueryOptions, ToolSessionOptions } from '@shortlist/core/adapter';

/** How an Anthropic conversation picks and searches its tools. */
export interface AnthropicShortlistOptions extends ToolSessionOptions {
  /** How the retrieval query is built from the messages (last user message, recent turns). */
  readonly query?: ConversationQueryOptions;
  /** Name of the search tool the model calls in tool search mode. @default 'search_tools' */
  readonly searchToolName?: string;
  /** Most tools one search loads; the model may ask for fewer. @default the session's limit (5) */
  readonly maxResults?: number;
}

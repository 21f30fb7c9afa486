import type { ConversationQueryOptions, ToolSessionOptions } from '@shortlist/core/adapter';

/** Options shared by both middlewares: the session's, plus how conversations are read and kept. */
export interface ShortlistMiddlewareOptions extends ToolSessionOptions {
  /** How the retrieval query is built from the conversation's messages. */
  readonly query?: ConversationQueryOptions;
  /**
   * Conversations whose offered tools are remembered; past it the least recently active one is
   * forgotten (its next call starts a fresh selection). @default 1000
   */
  readonly maxConversations?: number;
  /** The middleware's name in LangChain traces and errors. */
  readonly name?: string;
}

/** Tool search options: the `search_tools` tool's name and how many tools one search returns. */
export interface ShortlistToolSearchOptions extends ShortlistMiddlewareOptions {
  /** Name of the search tool the model calls. @default 'search_tools' */
  readonly searchToolName?: string;
  /** Most tools one search returns; the model may ask for fewer. @default the session's `limit` (5) */
  readonly maxResults?: number;
  /**
   * Also pre-select: every model call is offered the tools that fit the conversation, beside the
   * search tool and the tools found; a learning picker then spares the search next time. @default false
   */
  readonly preselect?: boolean;
}

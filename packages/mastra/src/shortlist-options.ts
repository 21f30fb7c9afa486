import type { ExampleStore, Pipeline } from '@shortlist/core';
import type { ConversationQueryOptions, ToolSessionOptions } from '@shortlist/core/adapter';

/** The `search_tools` tool: its name and how many tools one search returns. */
export interface ShortlistSearchOptions {
  /** Name of the search tool the model calls. @default 'search_tools' */
  readonly toolName?: string;
  /** Most tools one search returns. @default the session's `limit` (5) */
  readonly maxResults?: number;
}

/** Options of `shortlist()`; every field has a working default. */
export interface ShortlistOptions extends ToolSessionOptions {
  /** The retrieval pipeline. @default `lexical()`, the offline default */
  readonly pipeline?: Pipeline;
  /**
   * Where the default pipeline, `lexical({ examples })`, keeps what it learns from use: a tool
   * the model calls is taught (through `picker.learn()`) under the user's request and the search
   * query that found it, so the next such request pre-selects it. Not with `pipeline` (give that
   * pipeline the store yourself); `learn: false` learns nothing. @default memoryExampleStore()
   */
  readonly examples?: ExampleStore;
  /**
   * Adds a `search_tools` tool to `tools`: the model searches the catalogue in its own words and
   * the tools found are offered from its next step. @default false
   */
  readonly search?: boolean | ShortlistSearchOptions;
  /** Offers each step the tools that fit the conversation; `false` offers only searched and called tools. @default true */
  readonly preselect?: boolean;
  /**
   * Tool names offered at every step whatever the request. Name here the agent's tools that are
   * not in the catalogue (toolsets, memory or workflow tools): `prepareStep` leaves out the rest. @default []
   */
  readonly alwaysActive?: readonly string[];
  /** How the query is built from the conversation (see `conversationQuery`). */
  readonly query?: ConversationQueryOptions;
  /** Conversations whose offered tools are kept; past it the least recently active is forgotten. @default 1000 */
  readonly maxConversations?: number;
}

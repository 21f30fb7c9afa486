import type { ConversationTurn } from '@shortlist/core/adapter';

/** A conversation read from a provider's messages: turns for the query, and the tools called. */
export interface Conversation {
  readonly turns: readonly ConversationTurn[];
  /** Function names the model called, oldest first, each once. */
  readonly called: readonly string[];
}

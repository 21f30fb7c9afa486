import type { Picker } from '@shortlist/core';
import {
  type ConversationTurn,
  type ToolSession,
  type ToolSessionOptions,
  toolSession,
  trimText,
} from '@shortlist/core/adapter';

/** One conversation's session and the searches already replayed into it, by call id. */
interface ConversationEntry<Original> {
  readonly session: ToolSession<Original>;
  readonly replayed: Set<string>;
}

/** Sessions by conversation, the least recently used dropped past `maxConversations`. */
export interface ConversationSessions<Original> {
  get(turns: readonly ConversationTurn[]): ConversationEntry<Original>;
}

/**
 * Which conversation a step belongs to: its first user message. Mastra's `prepareStep` sees the
 * messages only (with memory, the thread's recalled history first), not the thread id.
 */
function conversationKey(turns: readonly ConversationTurn[]): string {
  const first = turns.find((turn) => turn.role === 'user' && turn.text.trim() !== '');
  return first === undefined ? '' : trimText(first.text, 2000);
}

export function conversationSessions<Original>(
  picker: Picker<Original>,
  options: ToolSessionOptions,
  maxConversations: number,
): ConversationSessions<Original> {
  toolSession(picker, options); // checks the options now rather than on the first step
  const entries = new Map<string, ConversationEntry<Original>>();
  return {
    get(turns) {
      const key = conversationKey(turns);
      let entry = entries.get(key);
      if (entry) {
        entries.delete(key); // re-inserted below: Map order is recency order
      } else {
        entry = { session: toolSession(picker, options), replayed: new Set() };
        if (entries.size >= maxConversations) entries.delete(entries.keys().next().value!);
      }
      entries.set(key, entry);
      return entry;
    },
  };
}

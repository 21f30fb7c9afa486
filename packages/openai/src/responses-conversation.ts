import { InvalidArgumentError } from '@shortlist/core';
import type { ConversationTurn } from '@shortlist/core/adapter';
import type { Conversation } from './conversation-of.js';
import { messageText } from './message-text.js';

type Item = Record<string, unknown>;

const roleOf = (role: unknown): ConversationTurn['role'] | undefined =>
  role === 'user' || role === 'assistant'
    ? role
    : role === 'system' || role === 'developer'
      ? 'system'
      : undefined;

/**
 * Reads a Responses API `input` (a string or input items, including earlier `response.output`
 * items) into turns and called function names. Messages become turns; function and tool search
 * calls and their outputs become `tool` turns, which the query leaves out.
 */
export function responsesConversation(input: unknown): Conversation {
  if (typeof input === 'string') return { turns: [{ role: 'user', text: input }], called: [] };
  if (!Array.isArray(input)) {
    throw new InvalidArgumentError({
      argument: 'input',
      expected: 'a string or an array of Responses input items',
      message: `expected the Responses input (a string or an array of input items), got ${
        input === null ? 'null' : typeof input
      }`,
    });
  }
  const turns: ConversationTurn[] = [];
  const called = new Set<string>();
  for (const entry of input as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const item = entry as Item;
    const type = item.type ?? 'message';
    if (type === 'message') {
      const role = roleOf(item.role);
      if (role) turns.push({ role, text: messageText(item.content) });
    } else if (type === 'function_call') {
      if (typeof item.name === 'string') called.add(item.name);
      turns.push({ role: 'tool', text: '' });
    } else if (typeof type === 'string' && /_call(_output)?$|_output$/.test(type)) {
      turns.push({ role: 'tool', text: '' });
    }
  }
  return { turns, called: [...called] };
}

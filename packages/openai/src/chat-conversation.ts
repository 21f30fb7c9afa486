import { InvalidArgumentError } from '@shortlist/core';
import type { ConversationTurn } from '@shortlist/core/adapter';
import type { Conversation } from './conversation-of.js';
import { messageText } from './message-text.js';

type Message = Record<string, unknown>;

/** The function names of an assistant message's `tool_calls` (custom tools carry theirs in `custom`). */
function calledNames(message: Message): string[] {
  if (!Array.isArray(message.tool_calls)) return [];
  const names: string[] = [];
  for (const call of message.tool_calls as unknown[]) {
    if (typeof call !== 'object' || call === null) continue;
    const { function: fn, custom } = call as {
      function?: { name?: unknown };
      custom?: { name?: unknown };
    };
    const name = fn?.name ?? custom?.name;
    if (typeof name === 'string') names.push(name);
  }
  return names;
}

/**
 * Reads Chat Completions `messages` into turns and called function names: user and assistant
 * text become turns, system and developer prompts `system` turns, tool results `tool` turns.
 */
export function chatConversation(messages: unknown): Conversation {
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({
      argument: 'messages',
      expected: 'an array of Chat Completions messages',
      message: `expected the Chat Completions messages array, got ${
        messages === null ? 'null' : typeof messages
      }`,
    });
  }
  const turns: ConversationTurn[] = [];
  const called = new Set<string>();
  for (const entry of messages as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const message = entry as Message;
    const role = message.role;
    if (role === 'user' || role === 'assistant') {
      turns.push({ role, text: messageText(message.content) });
      for (const name of calledNames(message)) called.add(name);
    } else if (role === 'system' || role === 'developer') {
      turns.push({ role: 'system', text: messageText(message.content) });
    } else if (role === 'tool' || role === 'function') {
      turns.push({ role: 'tool', text: messageText(message.content) });
    }
  }
  return { turns, called: [...called] };
}

import type { BetaMessageParam } from '@anthropic-ai/sdk/resources/beta/messages';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { InvalidArgumentError } from '@shortlist/core';
import type { ConversationTurn } from '@shortlist/core/adapter';

/** A Messages API message, from `client.messages` or `client.beta.messages`. */
export type AnthropicMessage = MessageParam | BetaMessageParam;

type Block = { readonly type?: unknown; readonly [key: string]: unknown };

const isObject = (value: unknown): value is Block =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of a tool_result's content: a string, or its text blocks (tool references carry none). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => isObject(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n');
}

/** Checks one message and returns its content blocks (a string content is one text block). */
function blocksOf(message: unknown, at: string): { role: string; blocks: readonly Block[] } {
  if (!isObject(message) || typeof message.role !== 'string') {
    throw new InvalidArgumentError({
      argument: at,
      expected: 'a Messages API message { role, content }',
      message: `${at} is not a message; pass the same messages array you give messages.create ({ role, content } objects)`,
    });
  }
  const { content } = message;
  if (typeof content === 'string')
    return { role: message.role, blocks: [{ type: 'text', text: content }] };
  if (!Array.isArray(content)) {
    throw new InvalidArgumentError({
      argument: `${at}.content`,
      expected: 'a string or an array of content blocks',
      message: `${at}.content must be a string or an array of content blocks, got ${
        content === null ? 'null' : typeof content
      }`,
    });
  }
  return { role: message.role, blocks: content.filter(isObject) };
}

const checkMessages = (messages: unknown): readonly unknown[] => {
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({
      argument: 'messages',
      expected: 'an array of Messages API messages',
      message:
        'messages must be the array of { role, content } messages you pass to messages.create',
    });
  }
  return messages;
};

/**
 * Maps Messages API messages to conversation turns for `conversationQuery`: text blocks keep
 * their speaker, tool results become 'tool' turns, and tool calls, images and thinking are skipped.
 */
export function anthropicTurns(messages: readonly AnthropicMessage[]): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  checkMessages(messages).forEach((message, i) => {
    const { role, blocks } = blocksOf(message, `messages[${i}]`);
    const speaker = role === 'user' || role === 'assistant' || role === 'system' ? role : undefined;
    for (const block of blocks) {
      if (block.type === 'text' && typeof block.text === 'string' && speaker) {
        turns.push({ role: speaker, text: block.text });
      } else if (block.type === 'tool_result') {
        const text = resultText(block.content);
        if (text !== '') turns.push({ role: 'tool', text });
      }
    }
  });
  return turns;
}

/** A tool call the model made: its `tool_use` id and the tool's name. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
}

/** The model's tool calls in these messages (assistant `tool_use` blocks), in order. */
export function toolCalls(messages: readonly unknown[]): ToolCall[] {
  const calls: ToolCall[] = [];
  checkMessages(messages).forEach((message, i) => {
    const { role, blocks } = blocksOf(message, `messages[${i}]`);
    if (role !== 'assistant') return;
    for (const block of blocks) {
      if (
        block.type === 'tool_use' &&
        typeof block.id === 'string' &&
        typeof block.name === 'string'
      ) {
        calls.push({ id: block.id, name: block.name });
      }
    }
  });
  return calls;
}

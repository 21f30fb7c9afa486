import type { ConversationTurn } from '@shortlist/core/adapter';
import type { ModelMessage } from 'ai';

/** The text of a message's content: a plain string, or its text parts joined. */
function textOf(content: ModelMessage['content']): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (const part of content) {
    if (part.type === 'text') text += (text ? ' ' : '') + part.text;
  }
  return text;
}

/** AI SDK messages as the turns `conversationQuery()` reads; tool results become tool turns. */
export function turnsOf(messages: readonly ModelMessage[]): ConversationTurn[] {
  return messages.map((message) => ({ role: message.role, text: textOf(message.content) }));
}

/** Names of the tools the assistant called in these messages, first call first. */
export function calledTools(messages: readonly ModelMessage[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'tool-call') names.add(part.toolName);
  }
  return [...names];
}

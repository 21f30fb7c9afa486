import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ConversationTurn } from '@shortlist/core/adapter';

const roles: Readonly<Record<string, ConversationTurn['role']>> = {
  human: 'user',
  ai: 'assistant',
  system: 'system',
  developer: 'system',
  tool: 'tool',
  function: 'tool',
};

/**
 * A LangChain conversation as turns for `conversationQuery`: each message's text parts with its
 * role; messages of other kinds (e.g. `RemoveMessage`) are skipped.
 */
export function messagesToTurns(messages: readonly BaseMessage[]): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const message of messages) {
    const role = roles[message.getType()];
    if (role !== undefined) turns.push({ role, text: message.text });
  }
  return turns;
}

/** Names of the tools the model called in a conversation, from its AI messages, first call first. */
export function calledToolNames(messages: readonly BaseMessage[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    if (!AIMessage.isInstance(message)) continue;
    for (const call of message.tool_calls ?? []) names.add(call.name);
  }
  return [...names];
}

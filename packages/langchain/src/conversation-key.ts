import type { BaseMessage } from '@langchain/core/messages';

/**
 * Which conversation a model or tool call belongs to: the run's `thread_id` when there is one,
 * else the first message's id (LangGraph gives every message one and keeps it when a caller
 * passes the returned messages back), else the first message's text.
 */
export function conversationKey(
  messages: readonly BaseMessage[],
  configurable: { readonly thread_id?: unknown } | undefined,
): string {
  const thread = configurable?.thread_id;
  if ((typeof thread === 'string' && thread !== '') || typeof thread === 'number') {
    return `thread:${thread}`;
  }
  const first = messages[0];
  if (first === undefined) return 'empty';
  if (typeof first.id === 'string' && first.id !== '') return `message:${first.id}`;
  return `text:${first.getType()}:${first.text}`;
}

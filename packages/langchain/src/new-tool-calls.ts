import { AIMessage, type BaseMessage } from '@langchain/core/messages';

/**
 * Names of the tool calls in the conversation not seen before, marking them seen. A call teaches
 * the query it answered once; passing the whole history each turn would attribute an old call
 * to every later query under which its tool was picked again.
 */
export function newToolCalls(messages: readonly BaseMessage[], seen: Set<string>): string[] {
  const names: string[] = [];
  messages.forEach((message, i) => {
    if (!AIMessage.isInstance(message)) return;
    (message.tool_calls ?? []).forEach((call, j) => {
      const key = call.id ?? `${message.id ?? i}:${j}`;
      if (seen.has(key)) return;
      seen.add(key);
      names.push(call.name);
    });
  });
  return names;
}

import type { AgentExecutionOptions } from '@mastra/core/agent';
import { type ConversationTurn, lastUserRequest, MAX_NEEDS } from '@shortlist/core/adapter';

/** The messages Mastra's `prepareStep` gets: its stored messages (parts), memory's recall included. */
export type StepMessages = Parameters<
  NonNullable<AgentExecutionOptions['prepareStep']>
>[0]['messages'];
type StepMessage = StepMessages[number];

/** A search the model made: its call id, its query, and the user's request it served. */
export interface SearchCall {
  readonly id: string;
  readonly query: string;
  /** A batched search's needs (its `queries`); `query` is then the needs joined. */
  readonly queries?: readonly string[];
  readonly request: string | undefined;
}

/** A tool call as Mastra 1.x stores it: a `tool-invocation` part of an assistant message. */
interface ToolCallPart {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/** The text of a message: its text parts joined (Mastra 1.x keeps a message's content as parts). */
function textOf(message: StepMessage): string {
  let text = '';
  for (const part of message.content.parts ?? []) {
    if (part.type === 'text') text += (text ? ' ' : '') + part.text;
  }
  if (text === '' && typeof message.content.content === 'string') return message.content.content;
  return text;
}

/** Mastra's step messages as the turns `conversationQuery()` reads; signals are left out. */
export function turnsOf(messages: StepMessages): ConversationTurn[] {
  return messages.flatMap((message) =>
    message.role === 'signal' ? [] : [{ role: message.role, text: textOf(message) }],
  );
}

/** The tool calls in one assistant message, in order. */
function* callsIn(message: StepMessage): Generator<ToolCallPart> {
  if (message.role !== 'assistant') return;
  for (const part of message.content.parts ?? []) {
    if (part.type !== 'tool-invocation') continue;
    const { toolCallId, toolName, args } = part.toolInvocation;
    yield { toolCallId, toolName, input: args };
  }
}

/** The tool calls in the assistant messages, in order. */
function* toolCalls(messages: StepMessages) {
  for (const message of messages) yield* callsIn(message);
}

/** Names of the tools the assistant called in these messages, first call first. */
export function calledTools(messages: StepMessages): string[] {
  const names = new Set<string>();
  for (const call of toolCalls(messages)) names.add(call.toolName);
  return [...names];
}

/**
 * The calls of the search tool with a query, each with the last user message before it: the
 * request that search served. Read from the history, so a search is replayed after a restart too.
 */
export function searchCalls(messages: StepMessages, searchToolName: string): SearchCall[] {
  const turns = turnsOf(messages);
  const searches: SearchCall[] = [];
  messages.forEach((message, at) => {
    for (const part of callsIn(message)) {
      if (part.toolName !== searchToolName) continue;
      const input = part.input as { query?: unknown; queries?: unknown } | undefined;
      const request = lastUserRequest(turns.slice(0, at));
      const needs = Array.isArray(input?.queries)
        ? input.queries
            .filter((need): need is string => typeof need === 'string')
            .map((need) => need.trim())
            .filter((need) => need !== '')
            .slice(0, MAX_NEEDS)
        : [];
      if (needs.length > 0) {
        searches.push({ id: part.toolCallId, query: needs.join('; '), queries: needs, request });
        continue;
      }
      const query = input?.query;
      if (typeof query !== 'string' || query.trim() === '') continue;
      searches.push({ id: part.toolCallId, query: query.trim(), request });
    }
  });
  return searches;
}

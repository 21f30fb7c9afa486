import { InvalidArgumentError, type Picker } from '@shortlist/core';
import {
  lastUserRequest,
  type ToolSession,
  type ToolSessionOptions,
  toolSession,
} from '@shortlist/core/adapter';
import type { CallOptions } from '@shortlist/core/kit';
import type {
  ResponseToolSearchOutputItemParam,
  ToolSearchTool,
} from 'openai/resources/responses/responses';
import { originalsIn } from './check-format.js';
import { responsesConversation } from './responses-conversation.js';
import {
  searchDescription,
  searchNeedsOf,
  searchParameters,
  searchQueryOf,
} from './search-query.js';

/** How the model's searches are answered. */
export interface OpenAIToolSearchOptions extends ToolSessionOptions {
  /** What the model is told the search tool does. @default a sentence asking it to search before calling */
  readonly description?: string;
}

/** Options of `answer(items)`. */
export interface AnswerOptions extends CallOptions {
  /**
   * The request's Responses `input` (a string or items): its last user message is learnt with
   * each found tool the model calls, beside the model's own search query.
   */
  readonly input?: unknown;
}

/** A found tool as it goes back to the model: the user's definition, deferred until loaded. */
export type Deferred<Original> = Original & { readonly defer_loading: true };

/** A `tool_search_output` input item whose tools are the user's own definitions, deferred. */
export type ToolSearchOutput<Original> = Omit<ResponseToolSearchOutputItemParam, 'tools'> & {
  tools: Deferred<Original>[];
};

/** Client-executed tool search over a catalogue, for one conversation. */
export interface OpenAIToolSearch<Original> {
  /** The `tool_search` tool (`execution: 'client'`) to put in `responses.create({ tools })`. */
  readonly tool: ToolSearchTool;
  /**
   * Answers each client `tool_search_call` among a response's output items with a
   * `tool_search_output` carrying the found tools; append both to the next request's input.
   * Function calls among the items are recorded as used (pinned, and taught through
   * `picker.learn()` when the picker learns); pass `input` so the user's request is learnt too.
   */
  answer(items: readonly unknown[], options?: AnswerOptions): Promise<ToolSearchOutput<Original>[]>;
  readonly session: ToolSession<Original>;
}

type Item = Record<string, unknown>;

const deferred = <Original>(original: Original): Deferred<Original> =>
  (original as { defer_loading?: unknown }).defer_loading === true
    ? (original as Deferred<Original>)
    : ({ ...original, defer_loading: true } as Deferred<Original>);

/**
 * The model writes the search query and Shortlist answers it, so a request worded unlike any
 * tool ("leak an API key") still finds it. Create one per conversation; the picker may be shared.
 */
export function openaiToolSearch<Original>(
  picker: Picker<Original>,
  options: OpenAIToolSearchOptions = {},
): OpenAIToolSearch<Original> {
  const { description = searchDescription, ...sessionOptions } = options;
  const session = toolSession(picker, sessionOptions);
  const tool: ToolSearchTool = {
    type: 'tool_search',
    execution: 'client',
    description,
    parameters: searchParameters,
  };
  return {
    tool,
    session,
    async answer(items, callOptions) {
      if (!Array.isArray(items)) {
        throw new InvalidArgumentError({
          argument: 'items',
          expected: "an array of Responses output items (a response's `output`)",
          message: `answer(items) takes a response's output items, got ${items === null ? 'null' : typeof items}`,
        });
      }
      const request =
        callOptions?.input === undefined
          ? undefined
          : lastUserRequest(responsesConversation(callOptions.input).turns);
      const called: string[] = [];
      const outputs: ToolSearchOutput<Original>[] = [];
      for (const entry of items as unknown[]) {
        if (typeof entry !== 'object' || entry === null) continue;
        const item = entry as Item;
        if (item.type === 'function_call' && typeof item.name === 'string') called.push(item.name);
        if (item.type !== 'tool_search_call' || item.execution === 'server') continue;
        const needs = searchNeedsOf(item.arguments);
        const query = searchQueryOf(item.arguments);
        const searchOptions = {
          signal: callOptions?.signal,
          ...(request === undefined ? {} : { request }),
        };
        // A batched search loads one deduplicated set for every need, each given its share.
        const selection = needs
          ? await session.searchNeeds(needs, searchOptions)
          : query === undefined
            ? undefined
            : await session.search(query, searchOptions);
        const found = (selection?.tools ?? []).filter((found) => picker.get(found.name) === found);
        outputs.push({
          type: 'tool_search_output',
          ...(typeof item.call_id === 'string' ? { call_id: item.call_id } : {}),
          execution: 'client',
          status: 'completed',
          tools: originalsIn(found, 'openai-responses', 'tool_search_output').map(deferred),
        });
      }
      if (called.length > 0) await session.called(called, callOptions);
      return outputs;
    },
  };
}

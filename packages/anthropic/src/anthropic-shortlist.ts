import type {
  Tool,
  ToolReferenceBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { InvalidArgumentError, type Picker } from '@shortlist/core';
import {
  conversationQuery,
  lastUserRequest,
  noToolFits,
  type ToolSession,
  toolSession,
} from '@shortlist/core/adapter';
import { type CallOptions, checkInteger } from '@shortlist/core/kit';
import type { AnthropicShortlistOptions } from './anthropic-shortlist-options.js';
import type { AnthropicTool } from './anthropic-tool.js';
import {
  type AnthropicMessage,
  anthropicTurns,
  type ToolCall,
  toolCalls,
} from './anthropic-turns.js';
import { checkAnthropicTool, checkPicker } from './check-catalogue.js';
import { deferred, MAX_DEFERRED_TOOLS } from './deferred-tools.js';
import { DEFAULT_SEARCH_TOOL_NAME, readSearchInput, searchToolDefinition } from './search-tool.js';

/** An assistant reply (`Message`) or just its content blocks. */
export type AssistantContent = { readonly content: readonly unknown[] } | readonly unknown[];

/** Options of `answer(reply)`. */
export interface AnswerOptions extends CallOptions {
  /**
   * The conversation so far: its last user message is learnt with each found tool the model
   * calls. @default the messages last given to `tools(messages)`
   */
  readonly messages?: readonly AnthropicMessage[];
}

/** One conversation's tools for `messages.create`, in either mode. */
export interface AnthropicShortlist {
  /**
   * Pre-selection: the user's own tool definitions that fit the conversation so far, for
   * `tools`. Stable across turns (append-only while it fits); tools the model called stay.
   */
  tools(messages: readonly AnthropicMessage[], options?: CallOptions): Promise<AnthropicTool[]>;
  /**
   * Tool search: the search tool plus every catalogue tool marked `defer_loading`, for `tools`.
   * The model loads tools by searching; the list itself never changes between turns.
   */
  searchTools(): AnthropicTool[];
  /**
   * Answers the reply's search calls with `tool_result` blocks of `tool_reference`s (put them
   * in the next user message) and records the catalogue tools it called. Call on every reply.
   */
  answer(reply: AssistantContent, options?: AnswerOptions): Promise<ToolResultBlockParam[]>;
  /** The search tool's definition. */
  readonly searchTool: Tool;
  /** The underlying session: the names offered so far. */
  readonly session: ToolSession<AnthropicTool>;
}

type ToolUse = { type: 'tool_use'; id: string; name: string; input: unknown };

const isToolUse = (block: unknown): block is ToolUse => {
  const b = block as Partial<ToolUse> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    b.type === 'tool_use' &&
    typeof b.id === 'string' &&
    typeof b.name === 'string'
  );
};

const positive = (value: number, name: string): number =>
  checkInteger(value, `anthropicShortlist(options.${name})`);

/**
 * Shortlist for one Anthropic conversation over an indexed catalogue of Anthropic tool
 * definitions. Create one per conversation; it remembers what was offered and called.
 */
export function anthropicShortlist(
  picker: Picker<AnthropicTool>,
  options: AnthropicShortlistOptions = {},
): AnthropicShortlist {
  const catalogue = checkPicker(picker);
  const session = toolSession(catalogue, options);
  const maxResults = positive(options.maxResults ?? options.limit ?? 5, 'maxResults');
  const searchName = options.searchToolName ?? DEFAULT_SEARCH_TOOL_NAME;
  if (typeof searchName !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(searchName)) {
    throw new InvalidArgumentError({
      argument: 'anthropicShortlist(options.searchToolName)',
      expected: '1-64 letters, digits, _ or -',
      message: `anthropicShortlist(options.searchToolName) must be 1-64 letters, digits, _ or -, got ${JSON.stringify(searchName)}`,
    });
  }
  const searchTool = searchToolDefinition(searchName, maxResults);
  /**
   * Calls already reported, by tool_use id: the session learns each call once, under the query
   * that offered the tool, and not again under every later turn's query.
   */
  const reported = new Set<string>();
  const fresh = (calls: readonly ToolCall[]): string[] => {
    const names: string[] = [];
    for (const call of calls) {
      if (reported.has(call.id)) continue;
      reported.add(call.id);
      if (call.name !== searchName) names.push(call.name);
    }
    return names;
  };
  /** The user's last message, which a search serves: learnt too when a found tool is called. */
  let request: string | undefined;

  const answerSearch = async (
    use: ToolUse,
    signal: AbortSignal | undefined,
  ): Promise<ToolResultBlockParam> => {
    const input = readSearchInput(use.input, maxResults);
    if (!input.ok) {
      return { type: 'tool_result', tool_use_id: use.id, is_error: true, content: input.problem };
    }
    const searchOptions = {
      limit: input.limit,
      signal,
      ...(request === undefined ? {} : { request }),
    };
    // A batched search loads one deduplicated set for every need, each need given its share.
    const found = input.queries
      ? await session.searchNeeds(input.queries, searchOptions)
      : await session.search(input.query, searchOptions);
    const references: ToolReferenceBlockParam[] = [];
    for (const pick of found.picks) {
      // A pick is always a catalogue tool; checked again so a reference can never dangle.
      if (catalogue.get(pick.name))
        references.push({ type: 'tool_reference', tool_name: pick.name });
    }
    if (references.length === 0) {
      return {
        type: 'tool_result',
        tool_use_id: use.id,
        content: [
          {
            type: 'text',
            text: noToolFits('nearest' in found ? found.nearest : undefined),
          },
        ],
      };
    }
    return { type: 'tool_result', tool_use_id: use.id, content: references };
  };

  return {
    searchTool,
    session,

    async tools(messages, callOptions = {}) {
      const turns = anthropicTurns(messages);
      request = lastUserRequest(turns);
      const offer = await session.offer(conversationQuery(turns, options.query), {
        called: fresh(toolCalls(messages)),
        signal: callOptions.signal,
        ...(request === undefined ? {} : { request }),
      });
      return offer.tools.map((tool) => checkAnthropicTool(tool).original);
    },

    searchTools() {
      const tools = catalogue.tools();
      if (tools.length > MAX_DEFERRED_TOOLS) {
        throw new InvalidArgumentError({
          argument: 'picker',
          expected: `at most ${MAX_DEFERRED_TOOLS} tools`,
          message: `tool search can defer at most ${MAX_DEFERRED_TOOLS} tools, but the catalogue has ${tools.length}; use pre-selection (tools(messages)) or split the catalogue`,
        });
      }
      if (catalogue.get(searchName)) {
        throw new InvalidArgumentError({
          argument: 'anthropicShortlist(options.searchToolName)',
          expected: 'a name no catalogue tool has',
          message: `the catalogue already has a tool named "${searchName}"; pass another searchToolName`,
        });
      }
      return [searchTool, ...tools.map((tool) => deferred(checkAnthropicTool(tool).original))];
    },

    async answer(reply, callOptions = {}) {
      const content = Array.isArray(reply)
        ? reply
        : (reply as { content?: unknown } | null)?.content;
      if (!Array.isArray(content)) {
        throw new InvalidArgumentError({
          argument: 'reply',
          expected: 'the Message messages.create returned, or its content array',
          message: 'answer(reply) takes the Message messages.create returned, or its content array',
        });
      }
      if (callOptions.messages !== undefined)
        request = lastUserRequest(anthropicTurns(callOptions.messages));
      const uses = content.filter(isToolUse);
      const results: ToolResultBlockParam[] = [];
      for (const use of uses) {
        if (use.name === searchName) results.push(await answerSearch(use, callOptions.signal));
      }
      await session.called(fresh(uses), callOptions);
      return results;
    },
  };
}

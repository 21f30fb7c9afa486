import { InvalidArgumentError, type Picker } from '@shortlist/core';
import {
  conversationQuery,
  defaultExamples,
  lastUserRequest,
  MAX_NEEDS,
  type ToolSession,
  toolSession,
} from '@shortlist/core/adapter';
import { lexical } from '@shortlist/lexical';
import type { PrepareStepFunction, ToolSet } from 'ai';
import { calledTools, turnsOf } from './conversation-turns.js';
import { readAiSdkTools } from './read-ai-sdk-tools.js';
import { sdkToolSearch } from './sdk-tool-search.js';
import { batchedSearchSchema, searchToolDescription } from './search-input.js';
import type { ShortlistOptions } from './shortlist-options.js';

/** Answers the AI SDK's `toolSearch({ search })` callback. */
export type SearchTools = (options: {
  query: string;
  tools: readonly { name: string; description?: string }[];
}) => Promise<string[]>;

/** One conversation: its own stable set of offered tools. */
export interface ShortlistConversation<TOOLS extends ToolSet> {
  /** For `generateText`, `streamText` or `ToolLoopAgent`: offers each step only the tools that fit. */
  readonly prepareStep: PrepareStepFunction<TOOLS>;
  /** For `toolSearch({ search })`: ranks the deferred tools for the model's query. */
  readonly search: SearchTools;
  /** The session underneath, for tools offered so far and learning by hand. */
  readonly session: ToolSession<TOOLS[keyof TOOLS]>;
  /**
   * The tool set for tool-search mode: a `toolSearch` tool, under `searchToolName`, answered by
   * Shortlist, and every tool `deferLoading` unless this conversation offers it (shallow copies;
   * yours are not changed). With this conversation's `prepareStep` too, each step also
   * pre-selects, and the tools the model calls are learnt from.
   */
  withToolSearch(options?: { searchToolName?: string; maxResults?: number }): ToolSet;
}

/** Shortlist over one AI SDK tool set; `prepareStep` and `search` serve a single conversation. */
export interface Shortlist<TOOLS extends ToolSet> extends ShortlistConversation<TOOLS> {
  readonly picker: Picker<TOOLS[keyof TOOLS]>;
  /** A fresh conversation over the same index; use one per chat when a server runs many. */
  conversation(): ShortlistConversation<TOOLS>;
}

/**
 * Indexes an AI SDK tool set and returns the two ways to use it: `prepareStep` (pre-selection)
 * and `search` / `withToolSearch()` (the model searches the catalogue through `toolSearch`).
 */
export async function shortlist<TOOLS extends ToolSet>(
  tools: TOOLS,
  options: ShortlistOptions = {},
): Promise<Shortlist<TOOLS>> {
  const examples = defaultExamples(options, 'shortlist');
  const catalogue = await readAiSdkTools(tools);
  const pipeline = options.pipeline ?? lexical({ examples });
  const picker = await pipeline.index(catalogue);
  const alwaysActive = options.alwaysActive ?? [];
  for (const name of alwaysActive) {
    if (!Object.hasOwn(tools, name)) {
      throw new InvalidArgumentError({
        argument: 'shortlist(options.alwaysActive)',
        expected: 'names of tools in the tool set',
        message: `shortlist(): alwaysActive names "${name}", which is not in the tool set; add the tool or drop the name`,
      });
    }
  }

  const conversation = (): ShortlistConversation<TOOLS> => {
    const session = toolSession(picker, options);
    /** The user's last message: a search serves it, and it is learnt with the tools found. */
    let request: string | undefined;
    /** Set once `withToolSearch()` made this conversation's search tool. */
    let searchToolName: string | undefined;
    const prepareStep: PrepareStepFunction<TOOLS> = async ({ messages }) => {
      const turns = turnsOf(messages);
      request = lastUserRequest(turns);
      const called = calledTools(messages);
      const offer = await session.offer(conversationQuery(turns, options.query), {
        called,
        ...(request === undefined ? {} : { request }),
      });
      // Every step gets the same growing list, in offer order (the SDK otherwise sends the tool
      // set's order), so the provider's prompt cache keeps its prefix.
      if (searchToolName !== undefined) {
        // Tool search: every tool stays active so the search can find it; the ones not offered
        // are deferred, and the SDK sends only the rest.
        const order = [...new Set([...alwaysActive, searchToolName, ...offer.names])];
        return { toolOrder: order as (keyof TOOLS & string)[] };
      }
      const active = [...new Set([...alwaysActive, ...offer.names])] as (keyof TOOLS & string)[];
      return { activeTools: active, toolOrder: active };
    };
    /** Batched searches of `withToolSearch()`'s tool: the query the SDK passes on → their needs. */
    const batches = new Map<string, readonly string[]>();
    /** Only names the SDK offered as eligible come back, so a search never leaves the catalogue. */
    const searchWith =
      (limit: number | undefined): SearchTools =>
      async ({ query, tools: eligible }) => {
        const allowed = new Set(eligible.map((tool) => tool.name));
        const searchOptions = {
          ...(limit === undefined ? {} : { limit }),
          ...(request === undefined ? {} : { request }),
        };
        const needs = batches.get(query);
        // Validation sets it just before each search, so it is never needed again.
        batches.delete(query);
        const selection = needs
          ? await session.searchNeeds(needs, searchOptions)
          : await session.search(query, searchOptions);
        return selection.picks.map((pick) => pick.name).filter((name) => allowed.has(name));
      };
    const withToolSearch = ({ searchToolName: name = 'tool_search', maxResults = 5 } = {}) => {
      const toolSearch = sdkToolSearch();
      if (Object.hasOwn(tools, name)) {
        throw new InvalidArgumentError({
          argument: 'withToolSearch(options.searchToolName)',
          expected: 'a name no tool in the set has',
          message: `withToolSearch(): a tool named "${name}" is already in the tool set; pass another searchToolName`,
        });
      }
      const deferred: ToolSet = {};
      for (const [key, tool] of Object.entries(tools)) {
        // Read by the SDK at every step: a tool this conversation offers is sent as is.
        deferred[key] = Object.defineProperty({ ...tool }, 'deferLoading', {
          enumerable: true,
          get: () => !session.offered.includes(key),
        });
      }
      // The SDK's toolSearch reads one query and passes it to `search`; its input schema is
      // widened to take `queries` too, and a batch travels as its needs joined, looked up again.
      const base = toolSearch({
        search: searchWith(maxResults),
        maxResults: maxResults * MAX_NEEDS,
      });
      deferred[name] = {
        ...base,
        description: searchToolDescription(maxResults),
        inputSchema: batchedSearchSchema((needs) => {
          const joined = needs.join('\n');
          batches.set(joined, needs);
          return joined;
        }),
      };
      searchToolName = name;
      return deferred;
    };
    return { prepareStep, search: searchWith(undefined), session, withToolSearch };
  };
  return { picker, ...conversation(), conversation };
}

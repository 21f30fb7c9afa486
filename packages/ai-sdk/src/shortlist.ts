import {
  conversationQuery,
  InvalidArgumentError,
  type Picker,
  type ToolSession,
  toolSession,
} from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import { type PrepareStepFunction, type ToolSet, toolSearch } from 'ai';
import { calledTools, turnsOf } from './conversation-turns.js';
import { readAiSdkTools } from './read-ai-sdk-tools.js';
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
}

/** Shortlist over one AI SDK tool set; `prepareStep` and `search` serve a single conversation. */
export interface Shortlist<TOOLS extends ToolSet> extends ShortlistConversation<TOOLS> {
  readonly picker: Picker<TOOLS[keyof TOOLS]>;
  /** A fresh conversation over the same index; use one per chat when a server runs many. */
  conversation(): ShortlistConversation<TOOLS>;
  /**
   * The tool set for tool-search mode: every tool marked `deferLoading` (shallow copies; yours are
   * not changed) plus a `toolSearch` tool, under `searchToolName`, answered by Shortlist.
   */
  withToolSearch(options?: { searchToolName?: string; maxResults?: number }): ToolSet;
}

/**
 * Indexes an AI SDK tool set and returns the two ways to use it: `prepareStep` (pre-selection)
 * and `search` / `withToolSearch()` (the model searches the catalogue through `toolSearch`).
 */
export async function shortlist<TOOLS extends ToolSet>(
  tools: TOOLS,
  options: ShortlistOptions = {},
): Promise<Shortlist<TOOLS>> {
  const catalogue = await readAiSdkTools(tools);
  const picker = await (options.pipeline ?? lexical()).index(catalogue);
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
    const prepareStep: PrepareStepFunction<TOOLS> = async ({ messages }) => {
      const query = conversationQuery(turnsOf(messages), options.query);
      const called = calledTools(messages);
      const offer = await session.offer(query, { called });
      // Every step gets the same growing list, in offer order (the SDK otherwise sends the tool
      // set's order), so the provider's prompt cache keeps its prefix.
      const active = [...new Set([...alwaysActive, ...offer.names])] as (keyof TOOLS & string)[];
      return { activeTools: active, toolOrder: active };
    };
    return { prepareStep, search: searchWith(session, undefined), session };
  };

  /** Only names the SDK offered as eligible come back, so a search never leaves the catalogue. */
  const searchWith =
    (session: ToolSession<TOOLS[keyof TOOLS]>, limit: number | undefined): SearchTools =>
    async ({ query, tools: eligible }) => {
      const allowed = new Set(eligible.map((tool) => tool.name));
      const selection = await session.search(query, limit === undefined ? {} : { limit });
      return selection.picks.map((pick) => pick.name).filter((name) => allowed.has(name));
    };

  const first = conversation();
  return {
    picker,
    ...first,
    conversation,
    withToolSearch({ searchToolName = 'tool_search', maxResults = 5 } = {}) {
      if (Object.hasOwn(tools, searchToolName)) {
        throw new InvalidArgumentError({
          argument: 'withToolSearch(options.searchToolName)',
          expected: 'a name no tool in the set has',
          message: `withToolSearch(): a tool named "${searchToolName}" is already in the tool set; pass another searchToolName`,
        });
      }
      const deferred: ToolSet = {};
      for (const [name, tool] of Object.entries(tools))
        deferred[name] = { ...tool, deferLoading: true };
      deferred[searchToolName] = toolSearch({
        search: searchWith(first.session, maxResults),
        maxResults,
      });
      return deferred;
    },
  };
}

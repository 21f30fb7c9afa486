import type { AgentExecutionOptions, ToolsInput } from '@mastra/core/agent';
import { InvalidArgumentError, type Picker } from '@shortlist/core';
import { conversationQuery, defaultExamples, lastUserRequest } from '@shortlist/core/adapter';
import { checkInteger } from '@shortlist/core/kit';
import { lexical } from '@shortlist/lexical';
import { conversationSessions } from './conversation-sessions.js';
import { calledTools, searchCalls, turnsOf } from './model-messages.js';
import { readMastraTools } from './read-mastra-tools.js';
import { searchToolsTool } from './search-tools-tool.js';
import type { ShortlistOptions } from './shortlist-options.js';

/** Mastra's per-step hook: `defaultOptions.prepareStep`, or `prepareStep` per call. */
export type PrepareStep = NonNullable<AgentExecutionOptions['prepareStep']>;

/** What to give a Mastra `Agent`: its tools and the `prepareStep` that picks among them. */
export interface Shortlist<TOOLS extends ToolsInput> {
  /** For `new Agent({ tools })`: your tools, the same objects, plus `search_tools` when searching. */
  readonly tools: TOOLS & ToolsInput;
  /** Sets each step's `activeTools`: the tools that fit, those searched for, and those called. */
  readonly prepareStep: PrepareStep;
  /** The indexed catalogue, for selecting, learning or forgetting by hand. */
  readonly picker: Picker<TOOLS[keyof TOOLS]>;
}

const at = 'shortlist';

const positiveInteger = (value: unknown, name: string): number =>
  checkInteger(value, `${at}(options.${name})`);

/**
 * Indexes the tools of a Mastra agent. Give the agent `tools` and `prepareStep`; each step then
 * sends the model only the tools that fit the conversation, and with `search` the model can look
 * for the rest through a `search_tools` tool; it learns from what the model calls unless `learn: false`.
 */
export async function shortlist<TOOLS extends ToolsInput>(
  tools: TOOLS,
  options: ShortlistOptions = {},
): Promise<Shortlist<TOOLS>> {
  const examples = defaultExamples(options, at);
  const search = options.search === true ? {} : options.search || undefined;
  const preselect = options.preselect ?? true;
  if (!preselect && search === undefined) {
    throw new InvalidArgumentError({
      argument: `${at}(options.preselect)`,
      expected: 'pre-selection, search, or both',
      message: `${at}(): with preselect: false and no search, no tool would ever be offered; set search: true or drop preselect`,
    });
  }
  const searchToolName = search?.toolName ?? 'search_tools';
  if (typeof searchToolName !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(searchToolName)) {
    throw new InvalidArgumentError({
      argument: `${at}(options.search.toolName)`,
      expected: '1-64 letters, digits, _ or -',
      message: `${at}(options.search.toolName) must be 1-64 letters, digits, _ or - (what providers accept as a tool name), got ${String(searchToolName)}`,
    });
  }
  if (search !== undefined && Object.hasOwn(tools, searchToolName)) {
    throw new InvalidArgumentError({
      argument: `${at}(options.search.toolName)`,
      expected: 'a name no tool has',
      message: `${at}(): a tool named "${searchToolName}" is already among the tools; pass another search.toolName`,
    });
  }
  const alwaysActive = options.alwaysActive ?? [];
  if (
    !Array.isArray(alwaysActive) ||
    !alwaysActive.every((name) => typeof name === 'string' && name !== '')
  ) {
    throw new InvalidArgumentError({
      argument: `${at}(options.alwaysActive)`,
      expected: 'an array of tool names',
      message: `${at}(options.alwaysActive) must be an array of tool names, got ${String(alwaysActive)}`,
    });
  }
  const maxConversations = positiveInteger(options.maxConversations ?? 1000, 'maxConversations');
  // Without its own maxResults a search returns `limit` tools; the session checks `limit`.
  const maxResults =
    search?.maxResults === undefined
      ? (options.limit ?? 5)
      : positiveInteger(search.maxResults, 'search.maxResults');

  const catalogue = await readMastraTools(tools);
  const pipeline = options.pipeline ?? lexical({ examples });
  const picker = await pipeline.index(catalogue);
  const sessions = conversationSessions(picker, options, maxConversations);
  const pinned = search === undefined ? alwaysActive : [...alwaysActive, searchToolName];

  const prepareStep: PrepareStep = async ({ messages }) => {
    const turns = turnsOf(messages);
    const { session, replayed } = sessions.get(turns);
    // A search joins the offered set from the history, so a restarted or evicted conversation
    // gets back what it found; the user's request it served is learnt too when a find is called.
    if (search !== undefined) {
      for (const call of searchCalls(messages, searchToolName)) {
        if (replayed.has(call.id)) continue;
        replayed.add(call.id);
        const searchOptions = {
          limit: maxResults,
          ...(call.request === undefined ? {} : { request: call.request }),
        };
        if (call.queries) await session.searchNeeds(call.queries, searchOptions);
        else await session.search(call.query, searchOptions);
      }
    }
    const called = calledTools(messages);
    if (preselect) {
      const request = lastUserRequest(turns);
      await session.offer(conversationQuery(turns, options.query), {
        called,
        ...(request === undefined ? {} : { request }),
      });
    } else await session.called(called);
    return { activeTools: [...new Set([...pinned, ...session.offered])] };
  };

  const withSearch =
    search === undefined
      ? { ...tools }
      : { ...tools, [searchToolName]: searchToolsTool(picker, searchToolName, maxResults) };
  return { tools: withSearch as TOOLS & ToolsInput, prepareStep, picker };
}

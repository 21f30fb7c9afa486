import {
  type Tool as AgentTool,
  type ClientToolSearchExecutorArgs,
  type HostedTool,
  toolSearchTool,
} from '@openai/agents';
import { InvalidArgumentError, type Picker, type Tool } from '@shortlist/core';
import { toolSession } from '@shortlist/core/adapter';
import type { OpenAIToolSearchOptions } from './openai-tool-search.js';
import {
  searchDescription,
  searchNeedsOf,
  searchParameters,
  searchQueryOf,
} from './search-query.js';

/** An Agents SDK function tool, as `tool()` makes it: a `function` tool with an `invoke`. */
const isAgentFunctionTool = (value: unknown): value is AgentTool =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'function' &&
  typeof (value as { invoke?: unknown }).invoke === 'function';

/** The Agents SDK runs what the search returns, so each found tool must be the user's `tool()`. */
function agentToolOf(tool: Tool<unknown>): AgentTool {
  if (!isAgentFunctionTool(tool.original)) {
    throw new InvalidArgumentError({
      argument: `tools "${tool.name}"`,
      expected: 'an Agents SDK function tool made with tool() from @openai/agents',
      message: `the Agents SDK can only load function tools made with tool(), but the picker holds "${tool.name}" as a ${tool.format} definition; index the agent's tool() objects`,
    });
  }
  return tool.original;
}

/**
 * The Agents SDK's client-executed `tool_search`, answered by Shortlist: add it to an agent's
 * tools and the model searches the catalogue by what it needs. Tools the model then calls are
 * recorded (pinned, and taught through `picker.learn()`). One per conversation; the picker may be shared.
 */
export function shortlistToolSearchTool(
  picker: Picker<unknown>,
  options: OpenAIToolSearchOptions = {},
): HostedTool {
  const { description = searchDescription, ...sessionOptions } = options;
  const session = toolSession(picker, sessionOptions);
  const listening = new WeakSet<object>();
  /** Calls are seen through the agent's own lifecycle events, once per agent that searched. */
  const listen = (agent: ClientToolSearchExecutorArgs['agent']) => {
    if (listening.has(agent)) return;
    listening.add(agent);
    agent.on('agent_tool_start', (_context, tool) => {
      if (tool.type !== 'function') return;
      session.called([tool.name]).catch((error: unknown) => options.onLearnError?.(error));
    });
  };
  return toolSearchTool({
    execution: 'client',
    description,
    parameters: searchParameters,
    async execute({ toolCall, agent }) {
      listen(agent);
      const needs = searchNeedsOf(toolCall.arguments);
      const query = searchQueryOf(toolCall.arguments);
      if (needs === undefined && query === undefined) return [];
      const selection = needs
        ? await session.searchNeeds(needs)
        : await session.search(query as string);
      return selection.tools.filter((found) => picker.get(found.name) === found).map(agentToolOf);
    },
  });
}

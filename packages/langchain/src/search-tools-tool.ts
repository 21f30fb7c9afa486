import type { BaseMessage } from '@langchain/core/messages';
import { type DynamicStructuredTool, type ToolRuntime, tool } from '@langchain/core/tools';
import { InvalidArgumentError } from '@shortlist/core';
import {
  checkNeeds,
  lastUserRequest,
  MAX_NEEDS,
  needsSchema,
  noToolFits,
  trimText,
} from '@shortlist/core/adapter';
import { conversationKey } from './conversation-key.js';
import type { ConversationSessions } from './conversation-sessions.js';
import { messagesToTurns } from './messages-to-turns.js';

/** What a `search_tools` call returns beside its text: the query and the names found, best first. */
export interface ToolSearchArtifact {
  /** The query; for a batched search, its needs joined with "; ". */
  readonly query: string;
  readonly tools: readonly string[];
  /** A batched search's needs, and which of them found each tool. */
  readonly queries?: readonly string[];
  readonly foundBy?: Readonly<Record<string, readonly string[]>>;
}

interface SearchInput {
  query?: string;
  queries?: string[];
  limit?: number;
}

/**
 * The tool the model calls to search the catalogue. Its answer lists the tools found (name and
 * description) and carries their names as the ToolMessage's artifact; the middleware then offers
 * them. Only tools the agent can run are listed, so a search never names a tool outside it.
 */
export function searchToolsTool(
  sessions: ConversationSessions<unknown>,
  name: string,
  maxResults: number,
): DynamicStructuredTool {
  return tool(
    async (input: SearchInput, runtime: ToolRuntime): Promise<[string, ToolSearchArtifact]> => {
      const needs =
        input.queries === undefined ? undefined : checkNeeds(input.queries, `${name}(queries)`);
      const query = needs
        ? needs.join('; ')
        : typeof input.query === 'string'
          ? input.query.trim()
          : '';
      if (query === '') {
        throw new InvalidArgumentError({
          argument: `${name}(query)`,
          expected: 'a non-empty string',
          message: `${name} needs a query: describe the task the tool should do (or queries, one per need)`,
        });
      }
      const limit =
        typeof input.limit === 'number' && Number.isInteger(input.limit) && input.limit > 0
          ? Math.min(input.limit, maxResults)
          : maxResults;
      const state = runtime.state as { messages?: readonly BaseMessage[] } | undefined;
      const messages = state?.messages ?? [];
      const entry = sessions.get(conversationKey(messages, runtime.configurable));
      // The user's words are learnt too when the model calls a tool this search found.
      const request = lastUserRequest(messagesToTurns(messages));
      const options = {
        limit,
        signal: runtime.signal,
        ...(request === undefined ? {} : { request }),
      };
      const foundBy: Record<string, readonly string[]> = {};
      let nearest: readonly string[] | undefined;
      const picks = needs
        ? (await entry.session.searchNeeds(needs, options)).picks.map((pick) => {
            foundBy[pick.name] = pick.needs.map((need) => needs[need]!);
            return pick;
          })
        : await entry.session.search(query, options).then((selection) => {
            nearest = selection.nearest;
            return selection.picks;
          });
      const found = picks
        .map((pick) => pick.tool)
        .filter((found) => entry.available === undefined || entry.available.has(found.name));
      const artifact: ToolSearchArtifact = {
        query,
        tools: found.map((found) => found.name),
        ...(needs ? { queries: needs, foundBy } : {}),
      };
      if (found.length === 0) {
        return [noToolFits(nearest), artifact];
      }
      const lines = found.map(
        (found) =>
          `- ${found.name}: ${trimText(found.description, 300) || '(no description)'}${needs ? ` (for: ${foundBy[found.name]!.join('; ')})` : ''}`,
      );
      return [
        `Found ${found.length} tool${found.length === 1 ? '' : 's'}; they are now available to call:\n${lines.join('\n')}`,
        artifact,
      ];
    },
    {
      name,
      description:
        'Search the tool catalogue by what you need to do. The tools found become available to call on your next turn. Describe the task in your own words; for a request that needs several tools, pass each task in queries.',
      schema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'The task, in a few words.' },
          queries: needsSchema(
            `Instead of query, for a request that needs several tools: 1 to ${MAX_NEEDS} tasks, one per tool needed. One search answers them all.`,
          ),
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: maxResults,
            description: `Most tools to return (at most ${maxResults}), for each task with queries.`,
          },
        },
        additionalProperties: false,
      },
      responseFormat: 'content_and_artifact',
    },
  ) as unknown as DynamicStructuredTool;
}

import type { ToolsInput } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import type { Picker } from '@shortlist/core';
import { MAX_NEEDS, noToolFits, searchNeeds, trimText } from '@shortlist/core/adapter';
import { z } from 'zod';

/** What the search tool answers: the tools found, best first, and a line for the model. */
export interface SearchToolsResult {
  /** For a batched search (`queries`), each tool also names the needs it serves. */
  readonly results: readonly {
    readonly name: string;
    readonly description: string;
    readonly needs?: readonly string[];
  }[];
  readonly message: string;
}

/**
 * The `search_tools` tool the model calls to find tools by what it needs to do. It only ranks;
 * `prepareStep` reads the search from the conversation and makes the tools found callable on the
 * model's next step, so the search holds no state of its own.
 */
export function searchToolsTool(
  picker: Picker,
  name: string,
  maxResults: number,
): ToolsInput[string] {
  return createTool({
    id: name,
    description:
      'Search the available tools by what you need to do. Use it when none of your tools fits the task; for a request that needs several tools, pass each task in queries. The tools found become available on your next turn; call them directly.',
    // Mastra (0.24) sends an `.optional()` field to OpenAI models as an empty required schema;
    // a nullable field with a default stays described, and may be left out.
    inputSchema: z.object({
      query: z
        .string()
        .min(1)
        .nullable()
        .default(null)
        .describe('The task, in a few words, e.g. "scan a repo for leaked keys"'),
      queries: z
        .array(z.string().min(1))
        .min(1)
        .max(MAX_NEEDS)
        .nullable()
        .default(null)
        .describe(
          `Instead of query, for a request that needs several tools: 1 to ${MAX_NEEDS} tasks, one per tool needed. One search answers them all.`,
        ),
    }),
    execute: async (input, options): Promise<SearchToolsResult> => {
      const needs = input.queries?.map((need) => need.trim()).filter((need) => need !== '');
      const query = needs?.length ? needs.join('; ') : (input.query ?? '').trim();
      if (query === '') {
        return {
          results: [],
          message: 'Describe the task in a few words (or each task in queries) and search again.',
        };
      }
      const signal = (options as { abortSignal?: AbortSignal } | undefined)?.abortSignal;
      let nearest: readonly string[] | undefined;
      const results = needs?.length
        ? (await searchNeeds(picker, needs, { limit: maxResults, signal })).picks.map((pick) => ({
            name: pick.name,
            description: trimText(pick.tool.description, 300),
            needs: pick.needs.map((need) => needs[need]!),
          }))
        : await picker.select(query, { limit: maxResults, signal }).then((selection) => {
            nearest = selection.nearest;
            return selection.picks.map((pick) => ({
              name: pick.name,
              description: trimText(pick.tool.description, 300),
            }));
          });
      if (results.length === 0) {
        return { results, message: noToolFits(nearest) };
      }
      return {
        results,
        message: `Found ${results.length} tool${results.length === 1 ? '' : 's'}: ${results
          .map((result) => result.name)
          .join(', ')}. They are available on your next turn; call them directly.`,
      };
    },
  });
}

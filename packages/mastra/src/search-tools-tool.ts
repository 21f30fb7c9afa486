import type { ToolsInput } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { type Picker, trimText } from '@shortlist/core';
import { z } from 'zod';

/** What the search tool answers: the tools found, best first, and a line for the model. */
export interface SearchToolsResult {
  readonly results: readonly { readonly name: string; readonly description: string }[];
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
      'Search the available tools by what you need to do. Use it when none of your tools fits the task. The tools found become available on your next turn; call them directly.',
    inputSchema: z.object({
      query: z
        .string()
        .min(1)
        .describe('The task, in a few words, e.g. "scan a repo for leaked keys"'),
    }),
    execute: async ({ context }, options): Promise<SearchToolsResult> => {
      const query = context.query.trim();
      if (query === '') {
        return { results: [], message: 'Describe the task in a few words and search again.' };
      }
      const signal = (options as { abortSignal?: AbortSignal } | undefined)?.abortSignal;
      const selection = await picker.select(query, { limit: maxResults, signal });
      const results = selection.picks.map((pick) => ({
        name: pick.name,
        description: trimText(pick.tool.description, 300),
      }));
      if (results.length === 0) {
        return { results, message: `No tool matched "${query}". Search again with other words.` };
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

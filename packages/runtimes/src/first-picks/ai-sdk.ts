import { shortlist } from '@shortlist/ai-sdk';
import { loadWholeTable } from '@shortlist/budget';
import { jsonSchema, type ToolSet, tool } from 'ai';
import type { CatalogueTool } from '../catalogue.js';

/**
 * What a page built on `@shortlist/ai-sdk` does first: the tools `prepareStep` makes active for
 * the first request as soon as it can (handed to `onFirstPick`), then, once the whole token table
 * is loaded, for every request.
 */
export async function firstPicks(
  tools: readonly CatalogueTool[],
  queries: readonly string[],
  onFirstPick?: (picks: string[]) => Promise<void>,
): Promise<string[][]> {
  const toolSet: ToolSet = {};
  for (const entry of tools) {
    toolSet[entry.name] = tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.parameters),
    });
  }
  const adapter = await shortlist(toolSet, { limit: 3 });
  const activeTools = async (query: string): Promise<string[]> => {
    const step = await adapter.conversation().prepareStep({
      messages: [{ role: 'user', content: query }],
    } as never);
    return (step?.activeTools ?? []).map(String);
  };
  await onFirstPick?.(await activeTools(queries[0]!));
  await loadWholeTable();
  const picks: string[][] = [];
  for (const query of queries) picks.push(await activeTools(query));
  adapter.picker.dispose();
  return picks;
}

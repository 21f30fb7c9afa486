import { shortlist } from '@shortlist/ai-sdk';
import { jsonSchema, type ToolSet, tool } from 'ai';
import type { CatalogueTool } from '../catalogue.js';

/** What a page built on `@shortlist/ai-sdk` does first: the tools `prepareStep` makes active. */
export async function firstPicks(
  tools: readonly CatalogueTool[],
  queries: readonly string[],
): Promise<string[][]> {
  const toolSet: ToolSet = {};
  for (const entry of tools) {
    toolSet[entry.name] = tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.parameters),
    });
  }
  const adapter = await shortlist(toolSet, { limit: 3 });
  const picks: string[][] = [];
  for (const query of queries) {
    const step = await adapter.conversation().prepareStep({
      messages: [{ role: 'user', content: query }],
    } as never);
    picks.push((step?.activeTools ?? []).map(String));
  }
  adapter.picker.dispose();
  return picks;
}

import { toTools } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import type { CatalogueTool } from '../catalogue.js';

/** What a page built on `lexical()` does first: index the tools, pick for each request (names). */
export async function firstPicks(
  tools: readonly CatalogueTool[],
  queries: readonly string[],
): Promise<string[][]> {
  const picker = await lexical().index(toTools(tools));
  const picks: string[][] = [];
  for (const query of queries) {
    picks.push((await picker.select(query, { limit: 3 })).picks.map((pick) => pick.name));
  }
  picker.dispose();
  return picks;
}

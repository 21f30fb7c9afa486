import { loadWholeTable } from '@shortlist/budget';
import { toTools } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import type { CatalogueTool } from '../catalogue.js';

/**
 * What a page built on `lexical()` does first: index the tools and pick for the first request as
 * soon as it can (`name:tokens`, handed to `onFirstPick`; in a browser counted with the head of the
 * token table), then wait for the whole table, as a page wanting Node's counts does, and pick for
 * every request (names).
 */
export async function firstPicks(
  tools: readonly CatalogueTool[],
  queries: readonly string[],
  onFirstPick?: (picks: string[]) => Promise<void>,
): Promise<string[][]> {
  const picker = await lexical().index(toTools(tools));
  const first = await picker.select(queries[0]!, { limit: 3 });
  await onFirstPick?.(first.picks.map((pick) => `${pick.name}:${pick.tokens}`));
  await loadWholeTable();
  const picks: string[][] = [];
  for (const query of queries) {
    picks.push((await picker.select(query, { limit: 3 })).picks.map((pick) => pick.name));
  }
  picker.dispose();
  return picks;
}

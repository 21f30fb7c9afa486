import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { pipe, toTools } from '@shortlist/core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { CatalogueTool } from '../catalogue.js';

/** The user's opt-in to exact counts in a bundle: they import the encoding, the bundler sees it. */
const count = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });

/**
 * Packs each request's picks into 300 tokens counted exactly, as `name:tokens`: with the user's
 * own gpt-tokenizer counter, or with `byName` ('gpt-tokenizer'), which Node loads and a bundle cannot.
 */
export async function firstPicks(
  tools: readonly CatalogueTool[],
  queries: readonly string[],
  byName?: 'gpt-tokenizer',
): Promise<string[][]> {
  const tokenizer = byName ?? { encoding: 'o200k_base' as const, count };
  const picker = await pipe(bm25())
    .pack(budget(300, { model: 'gpt-4o', tokenizer }))
    .index(toTools(tools));
  const picks: string[][] = [];
  for (const query of queries) {
    const { picks: packed } = await picker.select(query, { limit: 5 });
    picks.push(packed.map((pick) => `${pick.name}:${pick.tokens}`));
  }
  picker.dispose();
  return picks;
}

import { describe, expect, it } from 'vitest';
import { bm25 } from './bm25.js';
import { randomCatalogue, randomQueries } from './test-catalogue.js';

describe('bm25 ranks within RankOptions.only', () => {
  it('as the full ranking filtered, with the same scores, for a set of names and any filter', async () => {
    const tools = randomCatalogue(5, 400);
    const index = await bm25().doIndex(tools);
    const few = new Set(tools.filter((_, i) => i % 37 === 0).map((tool) => tool.name));
    const many = new Set(tools.filter((_, i) => i % 3 !== 0).map((tool) => tool.name));
    const odd = { has: (name: string) => name.length % 2 === 1 };
    for (const query of randomQueries(9, 40)) {
      const full = await index.doRank(query, { limit: tools.length });
      for (const only of [few, many, odd, new Set(['no such tool'])]) {
        for (const limit of [1, 5, tools.length]) {
          const expected = full.filter((entry) => only.has(entry.name)).slice(0, limit);
          expect(await index.doRank(query, { limit, only })).toEqual(expected);
        }
      }
    }
  });
});

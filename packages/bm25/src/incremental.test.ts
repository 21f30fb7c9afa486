import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { bm25 } from './bm25.js';
import { randomCatalogue, randomQueries, tool } from './test-catalogue.js';

const tools = randomCatalogue(21, 600);
const queries = randomQueries(22, 120);

async function rankAll(index: Awaited<ReturnType<ReturnType<typeof bm25>['doIndex']>>) {
  return Promise.all(queries.map((query) => index.doRank(query, { limit: 10 })));
}

describe('incremental add and remove', () => {
  it('ranks exactly as before after adding tools and removing them again', async () => {
    const index = await bm25().doIndex(tools.slice(0, 400));
    const before = await rankAll(index);
    await index.doAdd!(tools.slice(400));
    expect(index.size).toBe(600);
    expect(await rankAll(index)).not.toEqual(before);
    await index.doRemove!(tools.slice(400).map((t) => t.name));
    expect(index.size).toBe(400);
    expect(await rankAll(index)).toEqual(before);
  });

  it('equals a fresh index of the same tools after adds and removes, compaction included', async () => {
    const index = await bm25().doIndex(tools.slice(0, 300));
    await index.doAdd!(tools.slice(300, 450));
    await index.doRank('warm up the postings', { limit: 3 });
    await index.doAdd!(tools.slice(450));
    // Removing half the tools renumbers the slots (compaction); scores must not move.
    const removed = tools.filter((_, i) => i % 2 === 0).map((t) => t.name);
    await index.doRemove!([...removed, 'no_such_tool']);
    const fresh = await bm25().doIndex(tools.filter((_, i) => i % 2 === 1));
    expect(index.size).toBe(fresh.size);
    expect(await rankAll(index)).toEqual(await rankAll(fresh));
  });

  it('rejects adding a name already indexed and leaves the index as it was', async () => {
    const index = await bm25().doIndex(tools.slice(0, 50));
    const before = await rankAll(index);
    await expect(index.doAdd!([tool('brand_new', 'fresh words'), tools[3]!])).rejects.toThrow(
      InvalidArgumentError,
    );
    expect(index.size).toBe(50);
    expect(await rankAll(index)).toEqual(before);
    expect(await index.doRank('fresh words', { limit: 5 })).toEqual([]);
  });

  it('can empty the index and fill it again', async () => {
    const index = await bm25().doIndex(tools.slice(0, 20));
    await index.doRemove!(tools.slice(0, 20).map((t) => t.name));
    expect(index.size).toBe(0);
    expect(await index.doRank(queries[0]!, { limit: 5 })).toEqual([]);
    await index.doAdd!(tools.slice(0, 20));
    const fresh = await bm25().doIndex(tools.slice(0, 20));
    expect(await rankAll(index)).toEqual(await rankAll(fresh));
  });
});

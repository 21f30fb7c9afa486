import { toTools } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { bm25 } from './bm25.js';
import type { Bm25Index } from './bm25-index.js';

// 256 words in 3,000 tools, word w in about one tool in w + 2 (as common words are in real
// catalogues): a long query where every term matches many tools and pruning barely helps.
const words = Array.from(
  { length: 256 },
  (_, i) => `common${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}`,
);
const tools = toTools(
  Array.from({ length: 3_000 }, (_, t) => ({
    name: `tool_${t}`,
    description: `tool ${words.filter((_, w) => (t * 7 + w * 13) % (w + 2) === 0).join(' ')}`,
  })),
);

describe('bm25 on a long query of common terms', () => {
  it('does at most twice the work of scoring every posting, and ranks the same', async () => {
    const index = (await bm25().doIndex(tools)) as Bm25Index;
    const query = words.join(' ');
    for (const k of [5, 20, 256, 1000]) {
      const before = index.work;
      index.rankExhaustive(query, k);
      const exhaustive = index.work - before;
      const ranking = await index.doRank(query, { limit: k });
      const pruned = index.work - before - exhaustive;
      expect(pruned).toBeLessThanOrEqual(2 * exhaustive);
      expect(ranking).toEqual(index.rankExhaustive(query, k));
    }
  });
});

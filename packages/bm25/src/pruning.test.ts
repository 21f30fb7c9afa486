import type { Tool } from '@shortlist/core';
import { createTokenizer, type Ranking, toolFieldNames, toolFields } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { bm25 } from './bm25.js';
import type { Bm25Index } from './bm25-index.js';
import { defaultFieldWeights } from './resolve-options.js';
import { randomCatalogue, randomQueries } from './test-catalogue.js';

/**
 * Brute-force BM25F written from the formula, independent of the index: per field, weight ×
 * tf / (1 - b + b × length / average length); summed, saturated once, times idf; each term's
 * contribution is stored as a 32-bit float, as the index documents.
 */
const defaultTokenizer = createTokenizer({ stem: false });

function analyse(tools: readonly Tool[]) {
  return tools.map((tool) => {
    const fields = toolFields(tool);
    return toolFieldNames.map((field) => {
      const counts = new Map<string, number>();
      const tokens = defaultTokenizer(fields[field]);
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      return { counts, length: tokens.length };
    });
  });
}

function referenceRanking(
  tools: readonly Tool[],
  docs: ReturnType<typeof analyse>,
  query: string,
  limit: number,
): Ranking {
  const k1 = 1.2;
  const b = 0.75;
  const average = toolFieldNames.map(
    (_, f) => docs.reduce((sum, doc) => sum + doc[f]!.length, 0) / docs.length,
  );
  const queryCounts = new Map<string, number>();
  for (const token of defaultTokenizer(query)) {
    queryCounts.set(token, (queryCounts.get(token) ?? 0) + 1);
  }
  const documentFrequency = new Map<string, number>();
  for (const term of queryCounts.keys()) {
    const df = docs.filter((doc) => doc.some((field) => field.counts.has(term))).length;
    documentFrequency.set(term, df);
  }
  const scored = tools.map((tool, d) => {
    let score = 0;
    let matched = false;
    for (const [term, count] of queryCounts) {
      const df = documentFrequency.get(term)!;
      let tf = 0;
      toolFieldNames.forEach((field, f) => {
        const weight = defaultFieldWeights[field];
        const { counts, length } = docs[d]![f]!;
        if (weight > 0 && counts.has(term)) {
          tf += (weight * counts.get(term)!) / (1 - b + (b * length) / average[f]!);
        }
      });
      if (tf === 0) continue;
      matched = true;
      const idf = Math.log(1 + (tools.length - df + 0.5) / (df + 0.5));
      score += count * Math.fround((idf * tf * (k1 + 1)) / (k1 + tf));
    }
    return { name: tool.name, score, matched };
  });
  return scored
    .filter((entry) => entry.matched)
    .sort((x, y) => y.score - x.score || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
    .slice(0, limit)
    .map(({ name, score }) => ({ name, score }));
}

function expectSameRanking(actual: Ranking, expected: Ranking): void {
  expect(actual.map((entry) => entry.name)).toEqual(expected.map((entry) => entry.name));
  actual.forEach((entry, i) => {
    expect(entry.score).toBeCloseTo(expected[i]!.score, 9);
  });
}

describe('dynamic pruning', () => {
  const tools = randomCatalogue(7, 400);
  const queries = randomQueries(11, 150);

  it('returns exactly the brute-force BM25F top k, ties by name included', async () => {
    const index = await bm25().doIndex(tools);
    const docs = analyse(tools);
    for (const query of queries) {
      for (const limit of [1, 3, 10]) {
        const ranking = await index.doRank(query, { limit });
        expectSameRanking(ranking, referenceRanking(tools, docs, query, limit));
      }
    }
  }, 60_000);

  it('equals its own exhaustive scoring bit for bit on a larger catalogue', async () => {
    const large = randomCatalogue(3, 5000, 2000);
    const index = (await bm25().doIndex(large)) as Bm25Index;
    let ties = 0;
    let prunedWork = 0;
    let exhaustiveWork = 0;
    for (const query of randomQueries(5, 400, 2000)) {
      for (const limit of [1, 10, 50]) {
        const start = index.work;
        const pruned = await index.doRank(query, { limit });
        const middle = index.work;
        expect(pruned).toEqual(index.rankExhaustive(query, limit));
        prunedWork += middle - start;
        exhaustiveWork += index.work - middle;
        for (let i = 1; i < pruned.length; i++) {
          if (pruned[i]!.score === pruned[i - 1]!.score) ties++;
        }
      }
    }
    // The catalogue must actually produce equal scores, or the tie-break went untested.
    expect(ties).toBeGreaterThan(50);
    // And pruning must have skipped most postings, or this test proved nothing about it.
    expect(prunedWork).toBeLessThan(exhaustiveWork / 2);
  }, 60_000);
});

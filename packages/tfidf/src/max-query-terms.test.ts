import { InvalidArgumentError, toTools } from '@shortlist/core';
import { MAX_QUERY_TERMS, type Tokenizer } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { randomCatalogue, randomQueries } from './test-catalogue.js';
import { tfidf } from './tfidf.js';

/** A distinct made-up word per i that no stemmer or stopword list alters. */
const word = (i: number): string => `w${String.fromCharCode(97 + i)}x`;

/** Tool j holds words 0..j, so word i is in `count - i` tools: later words are rarer. */
const nested = (count: number) =>
  toTools(
    Array.from({ length: count }, (_, j) => ({
      name: `tool_${j}`,
      description: Array.from({ length: j + 1 }, (_, i) => word(i)).join(' '),
    })),
  );

/** Character trigrams of the whole text: many terms a word, the case the option is for. */
const trigrams: Tokenizer = (text) => {
  const plain = text.toLowerCase().replace(/[^a-z]+/g, ' ');
  return Array.from({ length: Math.max(0, plain.length - 2) }, (_, i) => plain.slice(i, i + 3));
};

describe('tfidf({ maxQueryTerms })', () => {
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '12'])(
    'rejects %j with InvalidArgumentError naming the option',
    (maxQueryTerms) => {
      expect(() => tfidf({ maxQueryTerms: maxQueryTerms as never })).toThrow(InvalidArgumentError);
      expect(() => tfidf({ maxQueryTerms: maxQueryTerms as never })).toThrow(
        /maxQueryTerms.*positive integer/,
      );
    },
  );

  it('scores only the rarest maxQueryTerms distinct terms of a longer query', async () => {
    const count = 10;
    const index = await tfidf({ maxQueryTerms: 3 }).doIndex(nested(count));
    const all = Array.from({ length: count }, (_, i) => word(i));
    const capped = await index.doRank(all.join(' '), { limit: count });
    // Words 7, 8 and 9 are the rarest: the same ranking as asking for them alone.
    const rarest = await tfidf().doIndex(nested(count));
    expect(capped).toEqual(await rarest.doRank(all.slice(7).join(' '), { limit: count }));
    expect(capped.map((entry) => entry.name).sort()).toEqual(['tool_7', 'tool_8', 'tool_9']);
    // Repeating a common word does not make it count.
    const repeated = `${all.join(' ')} ${word(0)} ${word(0)}`;
    expect(await index.doRank(repeated, { limit: count })).toEqual(capped);
    // At or under the cap nothing is dropped.
    const few = await index.doRank(all.slice(0, 3).join(' '), { limit: count });
    expect(few).toHaveLength(count);
  });

  it('keeps the cap after doAdd and through a snapshot', async () => {
    const ranker = tfidf({ maxQueryTerms: 3 });
    const tools = nested(10);
    const index = await ranker.doIndex(tools.slice(0, 8));
    await index.doAdd!(tools.slice(8));
    const query = Array.from({ length: 10 }, (_, i) => word(i)).join(' ');
    const ranked = await index.doRank(query, { limit: 10 });
    expect(ranked.map((entry) => entry.name).sort()).toEqual(['tool_7', 'tool_8', 'tool_9']);
    const restored = await ranker.doRestore!(index.doSnapshot!(), tools);
    expect(await restored.doRank(query, { limit: 10 })).toEqual(ranked);
  });

  it('leaves rankings identical by default, and whenever the query has no more terms than the cap', async () => {
    const tools = randomCatalogue(17, 300);
    const queries = randomQueries(18, 60, 12);
    for (const tokenizer of [undefined, trigrams]) {
      const plain = await tfidf({ tokenizer }).doIndex(tools);
      const explicit = await tfidf({ tokenizer, maxQueryTerms: MAX_QUERY_TERMS }).doIndex(tools);
      const roomy = await tfidf({ tokenizer, maxQueryTerms: 100 }).doIndex(tools);
      for (const query of queries) {
        const expected = await plain.doRank(query, { limit: 20 });
        expect(expected.length).toBeGreaterThan(0);
        expect(await explicit.doRank(query, { limit: 20 })).toEqual(expected);
        expect(await roomy.doRank(query, { limit: 20 })).toEqual(expected);
      }
    }
  });

  it('changes the ranking once the cap is below the query terms (so the checks above can fail)', async () => {
    const tools = randomCatalogue(17, 300);
    const plain = await tfidf({ tokenizer: trigrams }).doIndex(tools);
    const capped = await tfidf({ tokenizer: trigrams, maxQueryTerms: 4 }).doIndex(tools);
    const queries = randomQueries(18, 60, 12);
    let changed = 0;
    for (const query of queries) {
      const a = await plain.doRank(query, { limit: 20 });
      const b = await capped.doRank(query, { limit: 20 });
      if (JSON.stringify(a) !== JSON.stringify(b)) changed++;
    }
    expect(changed).toBeGreaterThan(queries.length / 2);
  });
});

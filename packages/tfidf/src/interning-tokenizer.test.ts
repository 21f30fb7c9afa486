import { createTokenizer } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import type { InterningTokenizer } from './interning-tokenizer.js';
import { randomCatalogue, randomQueries } from './test-catalogue.js';
import { tfidf } from './tfidf.js';

/** Words and each word's first three letters, the latter read as ids once per distinct word. */
function wordsAndHeads(): InterningTokenizer {
  const words = createTokenizer();
  const tokenize = (text: string) => words(text).flatMap((word) => [word, `^${word.slice(0, 3)}`]);
  const termIds = (intern: (term: string) => number) => {
    const known = new Map<string, readonly number[]>();
    return (text: string) => {
      const ids: number[] = [];
      for (const word of words(text)) {
        let own = known.get(word);
        if (!own) {
          own = [intern(word), intern(`^${word.slice(0, 3)}`)];
          known.set(word, own);
        }
        ids.push(...own);
      }
      return Int32Array.from(ids);
    };
  };
  return Object.assign(tokenize, { termIds });
}

describe('tfidf() with an interning tokenizer', () => {
  it('builds the same index as from its strings: equal snapshots and rankings', async () => {
    const tools = randomCatalogue(3, 300);
    const interning = wordsAndHeads();
    const viaIds = await tfidf({ tokenizer: interning }).doIndex(tools);
    const viaStrings = await tfidf({ tokenizer: (text) => interning(text) }).doIndex(tools);
    expect(viaIds.doSnapshot!()).toEqual(viaStrings.doSnapshot!());
    for (const query of randomQueries(4, 50)) {
      expect(await viaIds.doRank(query, { limit: 10 })).toEqual(
        await viaStrings.doRank(query, { limit: 10 }),
      );
    }
  });

  it('adds tools later through the strings, to the same terms', async () => {
    const tools = randomCatalogue(5, 200);
    const interning = wordsAndHeads();
    const grown = await tfidf({ tokenizer: interning }).doIndex(tools.slice(0, 150));
    await grown.doAdd!(tools.slice(150));
    const whole = await tfidf({ tokenizer: interning }).doIndex(tools);
    for (const query of randomQueries(6, 50)) {
      expect(await grown.doRank(query, { limit: 10 })).toEqual(
        await whole.doRank(query, { limit: 10 }),
      );
    }
  });
});

import { generateCatalogue } from '@shortlist/bench';
import { createTokenizer } from '@shortlist/core/kit';
import { tfidf } from '@shortlist/tfidf';
import { describe, expect, it } from 'vitest';
import { wordBigrams } from './word-bigrams.js';

describe('wordBigrams()', () => {
  const tokenize = wordBigrams();

  it("gives core's words, then each adjacent pair in order", () => {
    const words = createTokenizer()('Send an email to the team');
    expect(tokenize('Send an email to the team')).toEqual([
      ...words,
      ...words.slice(1).map((word, i) => `${words[i]}_${word}`),
    ]);
    expect(tokenize('send email')).toEqual(['send', 'email', 'send_email']);
  });

  it('pairs the words left after stopwords, stemmed like the single words', () => {
    // "an" and "to the" are stopwords: "send ... email" still makes one pair.
    expect(tokenize('send an email')).toContain('send_email');
    const [first, second] = createTokenizer()('creating branches');
    expect(tokenize('creating branches')).toEqual([first, second, `${first}_${second}`]);
  });

  it('makes no pair from one word, and nothing from empty or stopword-only text', () => {
    expect(tokenize('email')).toEqual(['email']);
    expect(tokenize('')).toEqual([]);
    expect(tokenize('the of and')).toEqual([]);
  });

  it('keeps words split across punctuation and camelCase as the core tokenizer does', () => {
    const words = createTokenizer()('getWeather/forecast');
    expect(words.length).toBeGreaterThan(1);
    expect(tokenize('getWeather/forecast')).toEqual([
      ...words,
      ...words.slice(1).map((word, i) => `${words[i]}_${word}`),
    ]);
  });

  it('is deterministic and does not share state between calls', () => {
    expect(tokenize('list open issues')).toEqual(tokenize('list open issues'));
    expect(wordBigrams()('list open issues')).toEqual(tokenize('list open issues'));
  });
});

describe('wordBigrams().termIds', () => {
  it('reads a text as the ids of the same words and pairs, in the same order', () => {
    const bigrams = wordBigrams();
    const interned: string[] = [];
    const intern = (term: string) => {
      const at = interned.indexOf(term);
      if (at >= 0) return at;
      interned.push(term);
      return interned.length - 1;
    };
    const read = bigrams.termIds(intern);
    for (const text of ['Send an email to the team', 'send email send email', 'one', '']) {
      expect([...read(text)].map((id) => interned[id])).toEqual(bigrams(text));
    }
    expect(new Set(interned).size).toBe(interned.length);
  });
});

describe('tfidf over wordBigrams(): a fresh build spells pairs only when asked', () => {
  const tools = generateCatalogue({ size: 300, seed: 5 });
  const [first, rest] = [tools.slice(0, 200), tools.slice(200)];
  const ranker = () => tfidf({ id: 'bigrams', tokenizer: wordBigrams() });
  const queries = ['send an email to the team', 'list open issues by label', 'refund order'];

  it('gives the same index, byte for byte, as adding the tools to an empty one', async () => {
    const built = await ranker().doIndex(tools);
    const added = await ranker().doIndex([]);
    await added.doAdd!(tools);
    // Compared as bytes: a deep equality of megabytes is slow.
    expect(Buffer.compare(built.doSnapshot!(), added.doSnapshot!())).toBe(0);
    for (const query of queries) {
      expect(await built.doRank(query, { limit: 20 })).toEqual(
        await added.doRank(query, { limit: 20 }),
      );
    }
  });

  it('spells its pairs before a change, so adds after a fresh build rank as one build', async () => {
    const grown = await ranker().doIndex(first);
    const before = await grown.doRank(queries[0]!, { limit: 10 });
    await grown.doAdd!(rest);
    await grown.doRemove!([first[0]!.name]);
    const added = await ranker().doIndex([]);
    await added.doAdd!(first);
    await added.doAdd!(rest);
    await added.doRemove!([first[0]!.name]);
    // Compared as bytes: a deep equality of megabytes is slow.
    expect(Buffer.compare(grown.doSnapshot!(), added.doSnapshot!())).toBe(0);
    for (const query of queries) {
      expect(await grown.doRank(query, { limit: 20 })).toEqual(
        await added.doRank(query, { limit: 20 }),
      );
    }
    expect(before.length).toBeGreaterThan(0);
  });

  it('finds pairs in queries and restores from its snapshot', async () => {
    const built = await ranker().doIndex(tools);
    const restored = await ranker().doRestore!(built.doSnapshot!(), tools);
    for (const query of queries) {
      const ranking = await built.doRank(query, { limit: 10 });
      expect(ranking.length).toBeGreaterThan(0);
      expect(await restored.doRank(query, { limit: 10 })).toEqual(ranking);
    }
  });
});

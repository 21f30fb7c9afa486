import { createTokenizer } from '@shortlist/core/kit';
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

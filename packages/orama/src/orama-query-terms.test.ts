import { toTools } from '@shortlist/core';
import { defaultTokenizer } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { orama } from './orama.js';
import {
  MAX_ORAMA_QUERY_POSTINGS,
  MAX_ORAMA_QUERY_TERMS,
  rarestWords,
} from './orama-query-terms.js';
import { TERM_MARK } from './orama-tokenizer.js';
import { prefixCounts } from './prefix-counts.js';

/** A distinct word of letters only, so the tokenizer keeps it whole. */
const word = (i: number) =>
  `z${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}q`;

const occurrences = (counts: Record<string, number>) =>
  prefixCounts({
    description: Object.fromEntries(Object.entries(counts).map(([t, n]) => [TERM_MARK + t, n])),
  });

describe('the query Orama is given', () => {
  it('is the whole query when it is short and its terms are rare', () => {
    const query = 'send the email';
    expect(rarestWords(query, defaultTokenizer, occurrences({ send: 3, email: 9 }), 0)).toBe(query);
  });

  it('keeps the words of the rarest terms within the postings and term budgets, in query order', () => {
    const common = Array.from({ length: 300 }, (_, i) => word(i));
    const counts = Object.fromEntries(common.map((w, i) => [w, 5_000 - i]));
    const kept = rarestWords(common.join(' '), defaultTokenizer, occurrences(counts), 0);
    expect(kept).toBe(`${word(298)} ${word(299)}`);
    expect(2 * 4_702).toBeLessThanOrEqual(MAX_ORAMA_QUERY_POSTINGS);
    const rare = Object.fromEntries(common.map((w) => [w, 1]));
    const words = rarestWords(common.join(' '), defaultTokenizer, occurrences(rare), 0).split(' ');
    expect(words).toEqual(common.slice(0, MAX_ORAMA_QUERY_TERMS));
    // Words in no tool match nothing without typo tolerance, and are kept with it.
    expect(rarestWords(common.join(' '), defaultTokenizer, occurrences({}), 0)).toBe('');
    expect(
      rarestWords(common.join(' '), defaultTokenizer, occurrences({}), 1).split(' '),
    ).toHaveLength(MAX_ORAMA_QUERY_TERMS);
  });

  it('ranks a long query of common words as it ranks its rarest words', async () => {
    // Word w is in the first 300 - 4w tools: distinct counts, the rarest last.
    const tools = toTools(
      Array.from({ length: 300 }, (_, t) => ({
        name: `tool_${t}`,
        description: `tool ${Array.from({ length: 60 }, (_, w) => (t < 300 - 4 * w ? word(w) : '')).join(' ')}`,
      })),
    );
    const index = await orama().doIndex(tools);
    const words = Array.from({ length: 60 }, (_, w) => word(w));
    const rarest = words.slice(60 - MAX_ORAMA_QUERY_TERMS).join(' ');
    const ranking = await index.doRank(words.join(' '), { limit: 10 });
    expect(ranking).toHaveLength(10);
    expect(ranking).toEqual(await index.doRank(rarest, { limit: 10 }));
  });
});

describe('the query Orama is given, with prefix matches', () => {
  it('counts the terms a short term begins, so a term reaching most of the index is dropped', () => {
    const counts: Record<string, number> = { invoice: 40 };
    for (let i = 0; i < 200; i++) counts[`a${word(i)}`] = 100;
    // "a" occurs in one tool but reaches 20,000 postings as a prefix: the rare word is kept alone.
    counts.a = 1;
    expect(rarestWords('a invoice', (text) => text.split(' '), occurrences(counts), 0)).toBe(
      'invoice',
    );
  });
});

describe('the query Orama is given, words of several terms', () => {
  it('leaves out a word holding a dropped term, so Orama never reads that term', () => {
    const counts: Record<string, number> = { invoice: 40, '1': 30 };
    for (let i = 0; i < 200; i++) counts[`a${word(i)}`] = 100;
    counts.a = 1;
    const tokenize = (text: string) => text.split(/[\s=]+/).filter((term) => term !== '');
    expect(rarestWords('invoice a=1', tokenize, occurrences(counts), 0)).toBe('invoice');
    expect(rarestWords('invoice 1', tokenize, occurrences(counts), 0)).toBe('invoice 1');
  });
});

import { toTools } from '@shortlist/core';
import { defaultTokenizer } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { orama } from './orama.js';
import { MAX_ORAMA_QUERY_TERMS, MAX_ORAMA_QUERY_WORK, oramaQuery } from './orama-query-terms.js';
import { END_MARK, TERM_MARK } from './orama-tokenizer.js';
import { prefixCounts } from './prefix-counts.js';

/** A distinct word of letters only, so the tokenizer keeps it whole. */
const word = (i: number) =>
  `z${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}q`;

/** Counts as an index without typo tolerance holds them: every term end-marked. */
const occurrences = (counts: Record<string, number>) =>
  prefixCounts({
    description: Object.fromEntries(
      Object.entries(counts).map(([t, n]) => [TERM_MARK + t + END_MARK, n]),
    ),
  });

/** The query's words as Orama is given them, unmarked. */
const rarestWords = (...args: Parameters<typeof oramaQuery>) =>
  oramaQuery(...args)
    .split(' ')
    .filter((term) => term !== '')
    .map((term) => term.slice(1))
    .join(' ');

describe('the query Orama is given', () => {
  it('is every term of the query when it is short and its terms are rare', () => {
    const query = 'send the email to the team';
    expect(oramaQuery(query, defaultTokenizer, occurrences({ send: 3, email: 9 }), 0)).toBe(
      ['send', 'email', 'team'].map((term) => TERM_MARK + term).join(' '),
    );
  });

  it('keeps the words of the rarest terms within the postings and term budgets, in query order', () => {
    const common = Array.from({ length: 300 }, (_, i) => word(i));
    const counts = Object.fromEntries(common.map((w, i) => [w, 1_500 - i]));
    const kept = rarestWords(common.join(' '), defaultTokenizer, occurrences(counts), 0);
    // Each costs its postings and its one term: 1,202 + 1,203 fit, a third (1,204) would not.
    expect(kept).toBe(`${word(298)} ${word(299)}`);
    expect(1_202 + 1_203).toBeLessThanOrEqual(MAX_ORAMA_QUERY_WORK);
    expect(1_202 + 1_203 + 1_204).toBeGreaterThan(MAX_ORAMA_QUERY_WORK);
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

  it('matches the rarest term as a whole term when even it reaches too much as a prefix', () => {
    const counts: Record<string, number> = { x: 3 };
    for (let i = 0; i < 6_000; i++) counts[`x${word(i)}`] = 1;
    const split = (text: string) => text.split(' ');
    expect(oramaQuery('x', split, occurrences(counts), 0)).toBe(`${TERM_MARK}x${END_MARK}`);
    // A term that begins too much and is no indexed term of its own matches nothing.
    expect(oramaQuery('xz', split, occurrences(counts), 0)).toBe('');
    // A narrower prefix within the budget still matches the terms it begins.
    expect(oramaQuery('xza', split, occurrences(counts), 0)).toBe(`${TERM_MARK}xza`);
  });
});

describe('the query Orama is given, words of several terms', () => {
  it('leaves out a dropped term and keeps the rest of its word', () => {
    const counts: Record<string, number> = { invoice: 40, '1': 30 };
    for (let i = 0; i < 200; i++) counts[`a${word(i)}`] = 100;
    counts.a = 1;
    const tokenize = (text: string) => text.split(/[\s=]+/).filter((term) => term !== '');
    expect(rarestWords('invoice a=1', tokenize, occurrences(counts), 0)).toBe('invoice 1');
    expect(rarestWords('invoice 1', tokenize, occurrences(counts), 0)).toBe('invoice 1');
  });
});

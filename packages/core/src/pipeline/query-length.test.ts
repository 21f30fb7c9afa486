import { describe, expect, it } from 'vitest';
import { lengthPacker, overlapRanker, testFusion } from '../test-plugins.js';
import { pipe } from './pipe.js';
import { capQuery, MAX_QUERY_CHARACTERS, MAX_QUERY_WORDS } from './query-length.js';

const tools = [
  { name: 'send_email', description: 'Send an email' },
  { name: 'search_email', description: 'Search email messages' },
  { name: 'get_weather', description: 'Weather forecast for a city' },
];
const words = (count: number, first = 'email') =>
  [first, ...Array.from({ length: count - 1 }, (_, i) => `w${i}`)].join(' ');
const wordCount = (text: string) => text.split(/\s+/).filter((w) => w !== '').length;

describe('the query-length policy', () => {
  it('leaves a query within both caps untouched', () => {
    const query = words(MAX_QUERY_WORDS);
    expect(capQuery(query)).toEqual({ query });
    expect(capQuery('send an email')).toEqual({ query: 'send an email' });
  });

  it('keeps the first MAX_QUERY_WORDS words and reports the words and characters cut', () => {
    const query = words(MAX_QUERY_WORDS + 10);
    const capped = capQuery(query);
    expect(capped.query).toBe(words(MAX_QUERY_WORDS));
    expect(capped.truncated).toEqual({
      words: 10,
      characters: query.length - capped.query.length - 1,
    });
  });

  it('keeps the first MAX_QUERY_CHARACTERS characters, never half a surrogate pair', () => {
    expect(capQuery('q'.repeat(160_000))).toEqual({
      query: 'q'.repeat(MAX_QUERY_CHARACTERS),
      truncated: { characters: 160_000 - MAX_QUERY_CHARACTERS, words: 0 },
    });
    const emoji = `x${'😀'.repeat(MAX_QUERY_CHARACTERS)}`;
    const capped = capQuery(emoji);
    expect(capped.query).toBe(`x${'😀'.repeat(MAX_QUERY_CHARACTERS / 2 - 1)}`);
    expect(capped.query.length).toBe(MAX_QUERY_CHARACTERS - 1);
    expect(capped.truncated?.words).toBe(0);
  });

  it('counts each ideograph or kana as a word, as tokenizers split them', () => {
    const han = '的一是不了人我在有他这';
    const capped = capQuery(`send ${han.repeat(200)}`);
    expect(capped.query).toBe(`send ${han.repeat(200).slice(0, MAX_QUERY_WORDS - 1)}`);
    expect(capped.truncated).toEqual({
      characters: 200 * han.length - (MAX_QUERY_WORDS - 1),
      words: 200 * han.length - (MAX_QUERY_WORDS - 1),
    });
    expect(capQuery(`${'かな'.repeat(512)}`)).toEqual({ query: 'かな'.repeat(512) });
    // A Latin word cut after it, or one cut in two, counts as before.
    const mixed = capQuery(`${'東'.repeat(MAX_QUERY_WORDS - 1)}abc def`);
    expect(mixed.query).toBe(`${'東'.repeat(MAX_QUERY_WORDS - 1)}abc`);
    expect(mixed.truncated).toEqual({ characters: 3, words: 1 });
  });

  it('skips leading white space before counting', () => {
    const query = `${' '.repeat(100_000)}send email`;
    expect(capQuery(query)).toEqual({ query: 'send email' });
  });

  it('no ranker sees more than the caps, and the selection says what was cut', async () => {
    const a = overlapRanker({ id: 'a' });
    const b = overlapRanker({ id: 'b' });
    const picker = await pipe(a, b).fuse(testFusion).pack(lengthPacker(1000)).index(tools);
    const huge = words(100_000);
    const selection = await picker.select(huge);
    for (const seen of [...a.queries, ...b.queries]) {
      expect(seen.length).toBeLessThanOrEqual(MAX_QUERY_CHARACTERS);
      expect(wordCount(seen)).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    }
    expect(selection.query).toBe(huge);
    expect(selection.truncated?.words).toBeGreaterThanOrEqual(100_000 - MAX_QUERY_WORDS);
    expect(selection.truncated?.characters).toBeGreaterThan(huge.length - MAX_QUERY_CHARACTERS - 1);
    // The picks are those of the query the rankers saw.
    const head = await picker.select(a.queries[0]!);
    expect(selection.picks.map((pick) => pick.name)).toEqual(head.picks.map((pick) => pick.name));
    expect(head.truncated).toBeUndefined();
    // A pasted megabyte in one word, and rankings() for evaluation, are capped the same way.
    const unpacked = await pipe(a).index(tools);
    expect((await unpacked.select(`email ${'x'.repeat(1_000_000)}`)).truncated).toEqual({
      characters: 1_000_006 - MAX_QUERY_CHARACTERS,
      words: 0,
    });
    await unpacked.rankings(huge, { limit: 3 });
    expect(Math.max(...a.queries.map((seen) => seen.length))).toBeLessThanOrEqual(
      MAX_QUERY_CHARACTERS,
    );
  });
});

import { type Tool, toTools } from '@shortlist/core';
import { type RankerIndexV1, seededRandom } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { tfidf } from './tfidf.js';

const names = (ranking: readonly { name: string }[]): string[] =>
  ranking.map((entry) => entry.name);

describe('tfidf on hostile input', () => {
  const random = seededRandom(5);
  const filler = Array.from({ length: 15_000 }, () => `word${Math.floor(random() * 3000)}`).join(
    ' ',
  );
  const tools: Tool[] = toTools([
    { name: '__proto__', description: 'prototype pollution attempt with a calendar' },
    { name: 'constructor', description: 'builds constructor objects' },
    { name: 'hasOwnProperty', description: 'checks own property of an object' },
    { name: 'toString', description: '' },
    { name: 'empty', description: '' },
    { name: 'huge', description: `${filler} calendar` },
    { name: 'emoji', description: 'send a 🎉 party invite 🚀 to friends' },
    { name: 'cjk', description: '天気予報を取得する 東京の天気' },
    { name: 'calendar_create_event', description: 'create a calendar event' },
  ]);
  let index: RankerIndexV1;

  it('indexes every tool, a 100 KB description included', async () => {
    expect(tools.find((tool) => tool.name === 'huge')!.description.length).toBeGreaterThan(100_000);
    index = await tfidf().doIndex(tools);
    expect(index.size).toBe(tools.length);
  });

  it('treats __proto__, constructor and hasOwnProperty as ordinary names and words', async () => {
    expect(names(await index.doRank('__proto__', { limit: 3 }))).toEqual(['__proto__']);
    expect(names(await index.doRank('constructor', { limit: 3 }))).toEqual(['constructor']);
    expect(names(await index.doRank('hasOwnProperty own property', { limit: 3 }))).toEqual([
      'hasOwnProperty',
    ]);
    expect(names(await index.doRank('toString valueOf', { limit: 3 }))).toEqual(['toString']);
    expect(({} as Record<string, unknown>).calendar).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('ranks the short calendar tool above the 100 KB description that also says calendar', async () => {
    expect(names(await index.doRank('calendar event', { limit: 3 }))[0]).toBe(
      'calendar_create_event',
    );
  });

  it('answers a 10,000-word query by its rarest MAX_QUERY_TERMS terms', async () => {
    const query = Array.from({ length: 10_000 }, (_, i) =>
      i % 7 === 0 ? 'calendar' : `w${i}`,
    ).join(' ');
    const ranking = await index.doRank(query, { limit: 5 });
    for (const entry of ranking) expect(Number.isFinite(entry.score)).toBe(true);
    // The numbers only `huge` has (document frequency 1) outrank 'calendar' (3) for a place.
    expect(names(ranking)).toEqual(['huge']);
    const short = await index.doRank('calendar w1 w2', { limit: 5 });
    expect(names(short)).toContain('calendar_create_event');
  });

  it.each(['the of and to', '!!! ??? ... ---', '', '   '])(
    'returns an empty ranking for a query with no indexable word: %j',
    async (query) => {
      expect(await index.doRank(query, { limit: 5 })).toEqual([]);
    },
  );

  it('matches emoji-bearing and CJK text by their words', async () => {
    expect(names(await index.doRank('🎉 party', { limit: 2 }))[0]).toBe('emoji');
    expect(names(await index.doRank('東京の天気', { limit: 2 }))).toEqual(['cjk']);
  });

  it('survives add, remove and a snapshot round trip with these names', async () => {
    await index.doRemove!(['__proto__', 'constructor']);
    expect(await index.doRank('__proto__ constructor', { limit: 3 })).toEqual([]);
    await index.doAdd!(toTools([{ name: '__proto__', description: 'back again' }]));
    const restored = await tfidf().doRestore!(
      index.doSnapshot!(),
      tools.filter((tool) => tool.name !== 'constructor'),
    );
    for (const query of ['back again', '__proto__', 'calendar', '東京']) {
      expect(await restored.doRank(query, { limit: 5 })).toEqual(
        await index.doRank(query, { limit: 5 }),
      );
    }
  });
});

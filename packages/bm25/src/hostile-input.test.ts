import { describe, expect, it } from 'vitest';
import { bm25 } from './bm25.js';
import { tool } from './test-catalogue.js';

const prototypeNames = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf'];

describe('hostile input', () => {
  it('indexes and finds tools named after Object.prototype members without polluting it', async () => {
    const tools = prototypeNames.map((name) => tool(name, `the ${name} tool`, { [name]: {} }));
    const index = await bm25().doIndex(tools);
    for (const name of ['constructor', 'hasOwnProperty', 'toString']) {
      expect((await index.doRank(name, { limit: 5 }))[0]?.name).toBe(name);
    }
    expect((await index.doRank('__proto__ proto', { limit: 5 }))[0]?.name).toBe('__proto__');
    await index.doRemove!(['__proto__', 'constructor']);
    expect(index.size).toBe(3);
    expect((await index.doRank('constructor', { limit: 5 })).map((e) => e.name)).not.toContain(
      'constructor',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(typeof ({} as { hasOwnProperty: unknown }).hasOwnProperty).toBe('function');
  });

  it('handles empty descriptions, a 100 KB description and a 10,000-word query', async () => {
    const words = Array.from({ length: 16_000 }, (_, i) => `word${i % 997} filler`).join(' ');
    expect(words.length).toBeGreaterThan(100_000);
    const tools = [
      tool('empty_one', ''),
      tool('empty_two', ''),
      tool('huge_manual', words),
      tool('mail_send', 'send an email'),
    ];
    const index = await bm25().doIndex(tools);
    expect((await index.doRank('empty', { limit: 5 })).map((e) => e.name)).toEqual([
      'empty_one',
      'empty_two',
    ]);
    expect((await index.doRank('word17', { limit: 5 }))[0]?.name).toBe('huge_manual');
    const longQuery = Array.from({ length: 10_000 }, (_, i) =>
      i % 2 ? `word${i % 997}` : 'send',
    ).join(' ');
    const ranking = await index.doRank(longQuery, { limit: 5 });
    expect(ranking.map((e) => e.name).sort()).toEqual(['huge_manual', 'mail_send']);
    expect(ranking.every((e) => Number.isFinite(e.score))).toBe(true);
  });

  it('returns nothing for queries of only stopwords or only punctuation', async () => {
    const index = await bm25().doIndex([tool('a_tool', 'the one and only tool'), tool('b', 'x')]);
    expect(await index.doRank('the and of to a', { limit: 5 })).toEqual([]);
    expect(await index.doRank('?!... ,;: --- ()[]{} *&^%$#@', { limit: 5 })).toEqual([]);
  });

  it('matches CJK and accented text, and ignores emoji', async () => {
    const tools = [
      tool('weather_tokyo', '東京の天気予報を取得する'),
      tool('meteo_paris', 'Prévisions météo à Paris 🌦️'),
      tool('party', '🎉🎉🎉'),
    ];
    const index = await bm25().doIndex(tools);
    expect((await index.doRank('東京 天気', { limit: 3 }))[0]?.name).toBe('weather_tokyo');
    expect((await index.doRank('météo', { limit: 3 }))[0]?.name).toBe('meteo_paris');
    expect(await index.doRank('🎉', { limit: 3 })).toEqual([]);
  });
});

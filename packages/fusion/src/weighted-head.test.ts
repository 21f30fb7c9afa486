import { InvalidArgumentError } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { fusionFromJSON } from './fusion-from-json.js';
import { weighted } from './weighted.js';

/** A ranking of `count` tools `prefix0, prefix1, ...` with scores falling from `count`. */
const ranking = (rankerId: string, prefix: string, count: number): SourceRanking => ({
  rankerId,
  ranking: Array.from({ length: count }, (_, i) => ({ name: `${prefix}${i}`, score: count - i })),
});

/** 60 tools in a seeded order with falling, uneven scores: one ranker's full ranking. */
function shuffled(rankerId: string, seed: number): SourceRanking {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const names = Array.from({ length: 60 }, (_, i) => `t${i}`);
  for (let i = names.length - 1; i > 0; i--) {
    const k = Math.floor(next() * (i + 1));
    [names[i], names[k]] = [names[k]!, names[i]!];
  }
  let score = 100;
  const ranking = names.map((name) => {
    score -= next() * next() * 10;
    return { name, score };
  });
  return { rankerId, ranking };
}

describe('weighted({ head })', () => {
  it('normalises over the first `head` tools only; the rest add nothing', () => {
    const fusion = weighted({ normalize: 'minmax', head: 3 });
    const fused = fusion.doFuse([ranking('a', 't', 6)], { limit: 10 });
    // Head scores 6, 5, 4 → 1, 0.5, 0; t3..t5 are in no head and follow by best rank.
    expect(fused.map((entry) => [entry.name, entry.score])).toEqual([
      ['t0', 1],
      ['t1', 0.5],
      ['t2', 0],
      ['t3', -4],
      ['t4', -5],
      ['t5', -6],
    ]);
    expect(fused[3]!.sources).toEqual({ a: { rank: 4, score: 3 } });
  });

  it('orders the tools it returns the same whatever depth the rankings were cut at, past the head', () => {
    const withHead = weighted({ normalize: 'zscore', head: 10, weights: { a: 0.7, b: 0.3 } });
    const without = weighted({ normalize: 'zscore', weights: { a: 0.7, b: 0.3 } });
    let plainChanged = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const full = [shuffled('a', seed), shuffled('b', seed * 7919)];
      const at = (fusion: typeof withHead, depth: number, limit: number) =>
        fusion
          .doFuse(
            full.map((source) => ({ ...source, ranking: source.ranking.slice(0, depth) })),
            { limit },
          )
          .map((entry) => entry.name);
      const deepest = at(withHead, 60, 60);
      for (const depth of [10, 11, 25, 40, 59]) {
        expect(at(withHead, depth, depth)).toEqual(deepest.slice(0, depth));
      }
      if (at(without, 10, 5).join() !== at(without, 60, 5).join()) plainChanged++;
    }
    // Without a head the z-scores change with depth, and so does the order: the test can fail.
    expect(plainChanged).toBeGreaterThan(0);
  });

  it('with a scope (`only`), returns the full fusion filtered to it, tail tools included', () => {
    const fusion = weighted({ normalize: 'zscore', head: 10, weights: { a: 0.7, b: 0.3 } });
    for (let seed = 1; seed <= 30; seed++) {
      // Rankings of different depths, so some tools are in one head and another's tail.
      const full = [shuffled('a', seed), shuffled('b', seed * 7919)];
      full[1] = { ...full[1]!, ranking: full[1]!.ranking.slice(0, 20 + (seed % 30)) };
      const every = fusion.doFuse(full, { limit: 60 });
      const only = new Set(every.filter((_, i) => (i * seed) % 7 === 0).map((entry) => entry.name));
      const scoped = fusion.doFuse(full, { limit: 60, only });
      expect(scoped).toEqual(every.filter((entry) => only.has(entry.name)));
    }
  });

  it('asks the pipeline for `head` tools per ranker and keeps it in its JSON', () => {
    const fusion = weighted({ normalize: 'zscore', head: 40 });
    expect(fusion.minDepth).toBe(40);
    expect(fusion.config).toEqual({
      method: 'weighted',
      normalize: 'zscore',
      weights: {},
      head: 40,
    });
    const back = fusionFromJSON(JSON.stringify(fusion));
    expect(back.config).toEqual(fusion.config);
    expect(back.minDepth).toBe(40);
    expect(weighted().minDepth).toBeUndefined();
    expect('head' in weighted().config).toBe(false);
  });

  it('rejects a head that is not a positive integer', () => {
    for (const head of [0, -3, 1.5, Number.POSITIVE_INFINITY, '40']) {
      expect(() => weighted({ head: head as number })).toThrow(InvalidArgumentError);
    }
    expect(() => weighted({ head: 0 })).toThrow(
      /weighted\(options.head\) must be a positive integer/,
    );
  });
});

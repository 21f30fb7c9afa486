import { InvalidArgumentError } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { rrf } from './rrf.js';

const rankings: SourceRanking[] = [
  {
    rankerId: 'a',
    ranking: [
      { name: 'x', score: 3 },
      { name: 'y', score: 2 },
      { name: 'z', score: 1 },
    ],
  },
  {
    rankerId: 'b',
    ranking: [
      { name: 'y', score: 0.9 },
      { name: 'w', score: 0.5 },
    ],
  },
];

describe('rrf', () => {
  it('scores Σ 1 / (k + rank) with k = 60 by default', () => {
    const fused = rrf().doFuse(rankings, { limit: 10 });
    expect(fused.map((entry) => entry.name)).toEqual(['y', 'x', 'w', 'z']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 62, 12);
    expect(fused[3]!.score).toBeCloseTo(1 / 63, 12);
  });

  it('gives a tool missing from a ranking nothing from it, and keeps every source placement', () => {
    const fused = rrf({ k: 1 }).doFuse(rankings, { limit: 10 });
    const byName = Object.fromEntries(fused.map((entry) => [entry.name, entry]));
    expect(byName.x).toEqual({ name: 'x', score: 1 / 2, sources: { a: { rank: 1, score: 3 } } });
    expect(byName.w).toEqual({ name: 'w', score: 1 / 3, sources: { b: { rank: 2, score: 0.5 } } });
    expect(byName.y!.score).toBeCloseTo(1 / 3 + 1 / 2, 12);
    expect(byName.y!.sources).toEqual({ a: { rank: 2, score: 2 }, b: { rank: 1, score: 0.9 } });
  });

  it('weights rankers by id; a ranker without a weight counts 1, a zero weight ignores it', () => {
    const doubled = rrf({ weights: { b: 2 } }).doFuse(rankings, { limit: 10 });
    expect(doubled.map((entry) => entry.name)).toEqual(['y', 'w', 'x', 'z']);
    expect(doubled[1]!.score).toBeCloseTo(2 / 62, 12);
    const ignored = rrf({ weights: { a: 0 } }).doFuse(rankings, { limit: 10 });
    expect(ignored.map((entry) => [entry.name, entry.score])).toEqual([
      ['y', 1 / 61],
      ['w', 1 / 62],
      ['x', 0],
      ['z', 0],
    ]);
  });

  it('breaks equal scores by tool name and respects the limit', () => {
    const tied: SourceRanking[] = [
      { rankerId: 'a', ranking: [{ name: 'p', score: 1 }] },
      { rankerId: 'b', ranking: [{ name: 'o', score: 5 }] },
    ];
    expect(
      rrf()
        .doFuse(tied, { limit: 5 })
        .map((entry) => entry.name),
    ).toEqual(['o', 'p']);
    expect(
      rrf()
        .doFuse(rankings, { limit: 2 })
        .map((entry) => entry.name),
    ).toEqual(['y', 'x']);
    expect(rrf().doFuse(rankings, { limit: 0 })).toEqual([]);
  });

  it('rejects k ≤ 0, NaN or negative weights, unknown options and malformed rankings', () => {
    for (const k of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => rrf({ k })).toThrow(/rrf\(options\.k\) must be a finite number > 0/);
    }
    expect(() => rrf({ weights: { bm25: -1 } })).toThrow(/rrf\(options\.weights\)\.bm25/);
    expect(() => rrf({ weights: { bm25: Number.NaN } })).toThrow(InvalidArgumentError);
    expect(() => rrf({ K: 10 } as never)).toThrow(/no option "K"/);
    const fusion = rrf();
    expect(() =>
      fusion.doFuse([{ rankerId: 'a', ranking: [{ name: 'x', score: Number.NaN }] }], {
        limit: 1,
      }),
    ).toThrow(/finite score/);
    expect(() =>
      fusion.doFuse(
        [
          { rankerId: 'a', ranking: [] },
          { rankerId: 'a', ranking: [] },
        ],
        { limit: 1 },
      ),
    ).toThrow(/two rankings come from ranker "a"/);
    expect(() => fusion.doFuse(rankings, { limit: -1 })).toThrow(InvalidArgumentError);
  });

  it('is plain data: config and toJSON give the options with defaults filled in', () => {
    const fusion = rrf({ k: 10, weights: { bm25: 0.7 } });
    expect(fusion.config).toEqual({ method: 'rrf', k: 10, weights: { bm25: 0.7 } });
    expect(JSON.parse(JSON.stringify(fusion))).toEqual(fusion.config);
    expect(fusion.id).toBe('rrf');
    expect(fusion.specificationVersion).toBe('v1');
  });
});

import { InvalidArgumentError } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { weighted } from './weighted.js';

const rankings: SourceRanking[] = [
  {
    rankerId: 'bm25',
    ranking: [
      { name: 'x', score: 3 },
      { name: 'y', score: 2 },
      { name: 'z', score: 1 },
    ],
  },
  {
    rankerId: 'tfidf',
    ranking: [
      { name: 'y', score: 0.9 },
      { name: 'w', score: 0.5 },
    ],
  },
];

const scores = (fused: readonly { name: string; score: number }[]) =>
  Object.fromEntries(fused.map((entry) => [entry.name, entry.score]));

describe('weighted', () => {
  it('sums min-max-normalised scores by default; absent tools get nothing', () => {
    const fused = weighted().doFuse(rankings, { limit: 10 });
    expect(fused.map((entry) => [entry.name, entry.score])).toEqual([
      ['y', 1.5],
      ['x', 1],
      ['w', 0],
      ['z', 0],
    ]);
    expect(fused[2]!.sources).toEqual({ tfidf: { rank: 2, score: 0.5 } });
  });

  it('is the StackOne formula α·bm25 + (1 − α)·tfidf with weights { bm25: α, tfidf: 1 − α }', () => {
    const alpha = 0.8;
    const fused = scores(
      weighted({ weights: { bm25: alpha, tfidf: 1 - alpha } }).doFuse(rankings, { limit: 10 }),
    );
    expect(fused.x).toBeCloseTo(alpha * 1, 12);
    expect(fused.y).toBeCloseTo(alpha * 0.5 + (1 - alpha) * 1, 12);
    expect(fused.w).toBeCloseTo(0, 12);
  });

  it('combines z-scores and dbsf scores with their hand-computed values', () => {
    const sigma = Math.sqrt(2 / 3);
    const z = scores(weighted({ normalize: 'zscore' }).doFuse(rankings, { limit: 10 }));
    expect(z.x).toBeCloseTo(2 / sigma, 12);
    expect(z.y).toBeCloseTo(1 / sigma + 2, 12);
    expect(z.w).toBe(0);
    const d = scores(weighted({ normalize: 'dbsf' }).doFuse(rankings, { limit: 10 }));
    expect(d.y).toBeCloseTo(0.5 + 0.8 / 1.2, 12);
    expect(d.w).toBeCloseTo(0.4 / 1.2, 12);
    expect(d.z).toBeCloseTo((1 - (2 - 3 * sigma)) / (6 * sigma), 12);
  });

  it("with 'none' adds raw scores, so the ranker with the larger scale dominates", () => {
    const fused = scores(weighted({ normalize: 'none' }).doFuse(rankings, { limit: 10 }));
    expect(fused).toEqual({ x: 3, y: 2.9, z: 1, w: 0.5 });
  });

  it('treats a one-result ranking as a full match', () => {
    const fused = weighted().doFuse(
      [
        { rankerId: 'a', ranking: [{ name: 'only', score: 0.1 }] },
        {
          rankerId: 'b',
          ranking: [
            { name: 'top', score: 5 },
            { name: 'only', score: 1 },
          ],
        },
      ],
      { limit: 5 },
    );
    expect(fused.map((entry) => [entry.name, entry.score])).toEqual([
      ['only', 1],
      ['top', 1],
    ]);
  });

  it('rejects unknown normalisations and invalid weights with the accepted values', () => {
    expect(() => weighted({ normalize: 'l2' as never })).toThrow(
      /weighted\(options\.normalize\) must be one of 'minmax', 'zscore', 'dbsf', 'none', got "l2"/,
    );
    expect(() => weighted({ weights: { bm25: -0.5 } })).toThrow(InvalidArgumentError);
    expect(() => weighted({ weights: [1, 2] as never })).toThrow(/keyed by ranker id/);
    expect(() => weighted({ k: 60 } as never)).toThrow(/no option "k"/);
  });
});

import { expect, it } from 'vitest';
import { lexicalDefaultFusion } from './lexical-default-fusion.js';

/** Distribution-based score fusion written out: (s − (μ − 3σ)) / 6σ, clipped to [0, 1]. */
function dbsf(scores: readonly number[]): number[] {
  const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
  const sigma = Math.sqrt(scores.reduce((sum, s) => sum + (s - mean) ** 2, 0) / scores.length);
  return scores.map((s) => Math.min(1, Math.max(0, (s - (mean - 3 * sigma)) / (6 * sigma))));
}

it('is the measured DBSF fusion over bm25 and tfidf, weighting bm25 0.4 and tfidf 0.6', () => {
  const fusion = lexicalDefaultFusion();
  expect(fusion.config).toEqual({
    method: 'weighted',
    normalize: 'dbsf',
    weights: { bm25: 0.4, tfidf: 0.6 },
  });
  expect(JSON.parse(JSON.stringify(fusion))).toEqual(fusion.config);
});

it('lets a strong bm25 match outrank a tool only tfidf ranked higher', () => {
  const bm25 = [9, 3, 1];
  const tfidf = [0.5, 0.45, 0.05];
  const fused = lexicalDefaultFusion().doFuse(
    [
      {
        rankerId: 'bm25',
        ranking: [
          { name: 'lexical_match', score: bm25[0]! },
          { name: 'both', score: bm25[1]! },
          { name: 'weak', score: bm25[2]! },
        ],
      },
      {
        rankerId: 'tfidf',
        ranking: [
          { name: 'both', score: tfidf[0]! },
          { name: 'other', score: tfidf[1]! },
          { name: 'lexical_match', score: tfidf[2]! },
        ],
      },
    ],
    { limit: 4 },
  );
  const [b, t] = [dbsf(bm25), dbsf(tfidf)];
  const expected = {
    both: 0.4 * b[1]! + 0.6 * t[0]!,
    lexical_match: 0.4 * b[0]! + 0.6 * t[2]!,
    other: 0.6 * t[1]!,
    weak: 0.4 * b[2]!,
  };
  // Under the previous default (rrf, tfidf 0.9) `other` came before lexical_match.
  expect(fused.map((entry) => entry.name)).toEqual(['both', 'lexical_match', 'other', 'weak']);
  for (const entry of fused) {
    expect(entry.score).toBeCloseTo(expected[entry.name as keyof typeof expected], 12);
  }
});

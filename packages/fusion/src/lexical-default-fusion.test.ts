import { expect, it } from 'vitest';
import { lexicalDefaultFusion } from './lexical-default-fusion.js';

it('is the measured RRF config over bm25 and tfidf, tfidf weighted nine times bm25', () => {
  const fusion = lexicalDefaultFusion();
  expect(fusion.config).toEqual({ method: 'rrf', k: 60, weights: { bm25: 0.1, tfidf: 0.9 } });
  const fused = fusion.doFuse(
    [
      {
        rankerId: 'bm25',
        ranking: [
          { name: 'lexical_match', score: 9 },
          { name: 'both', score: 8 },
        ],
      },
      {
        rankerId: 'tfidf',
        ranking: [
          { name: 'both', score: 0.8 },
          { name: 'other', score: 0.7 },
        ],
      },
    ],
    { limit: 3 },
  );
  // tfidf decides the order; bm25 adds 0.1 / (60 + rank) to the tools it also found.
  expect(fused.map((entry) => entry.name)).toEqual(['both', 'other', 'lexical_match']);
  expect(fused[0]!.score).toBeCloseTo(0.9 / 61 + 0.1 / 62, 12);
});

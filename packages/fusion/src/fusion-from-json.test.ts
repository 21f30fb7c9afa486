import { CorruptDataError, InvalidArgumentError } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { fusionFromJSON } from './fusion-from-json.js';
import { rrf } from './rrf.js';
import { weighted } from './weighted.js';

const rankings: SourceRanking[] = [
  {
    rankerId: 'bm25',
    ranking: [
      { name: 'a', score: 9 },
      { name: 'b', score: 4 },
      { name: 'c', score: 3.5 },
    ],
  },
  {
    rankerId: 'tfidf',
    ranking: [
      { name: 'c', score: 0.7 },
      { name: 'b', score: 0.6 },
      { name: 'd', score: 0.1 },
    ],
  },
];

describe('fusionFromJSON', () => {
  it('round-trips every fusion through JSON to one that fuses identically', () => {
    const fusions = [
      rrf(),
      rrf({ k: 5, weights: { bm25: 0.3, tfidf: 0.7 } }),
      weighted({ weights: { bm25: 0.7, tfidf: 0.3 }, normalize: 'zscore' }),
      weighted({ normalize: 'dbsf' }),
      weighted({ normalize: 'none', weights: { tfidf: 4 } }),
    ];
    for (const fusion of fusions) {
      const loaded = fusionFromJSON(JSON.stringify(fusion));
      expect(loaded.config).toEqual(fusion.config);
      expect(loaded.id).toBe(fusion.id);
      expect(loaded.doFuse(rankings, { limit: 10 })).toEqual(
        fusion.doFuse(rankings, { limit: 10 }),
      );
      expect(fusionFromJSON(fusion.config).config).toEqual(fusion.config);
    }
  });

  it('rejects broken JSON, unknown methods and invalid values with typed errors', () => {
    expect(() => fusionFromJSON('{"method": "rrf",')).toThrow(CorruptDataError);
    expect(() => fusionFromJSON({ method: 'borda' })).toThrow(
      /must be 'rrf' or 'weighted', got "borda"/,
    );
    expect(() => fusionFromJSON(null)).toThrow(InvalidArgumentError);
    expect(() => fusionFromJSON({ method: 'rrf', k: -3, weights: {} })).toThrow(/k\) must be/);
    expect(() => fusionFromJSON({ method: 'weighted', normalize: 'max', weights: {} })).toThrow(
      InvalidArgumentError,
    );
  });
});

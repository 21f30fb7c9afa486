import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { fusionFromJSON } from './fusion-from-json.js';
import { weighted } from './weighted.js';

describe("weighted({ normalize: 'max' })", () => {
  it('is complete without a head: a tool’s score depends only on its own scores and each best', () => {
    const fusion = weighted({ normalize: 'max', weights: { a: 3, b: 1 } });
    expect(fusion.complete).toBe(true);
    expect(fusion.minDepth).toBeUndefined();
    const full: SourceRanking[] = [
      {
        rankerId: 'a',
        ranking: [
          { name: 'x', score: 4 },
          { name: 'y', score: 2 },
          { name: 'z', score: 1 },
        ],
      },
      {
        rankerId: 'b',
        ranking: [
          { name: 'y', score: 10 },
          { name: 'z', score: 5 },
        ],
      },
    ];
    const fused = fusion.doFuse(full, { limit: 3 });
    expect(fused.map((tool) => [tool.name, tool.score])).toEqual([
      ['x', 3],
      ['y', 3 * 0.5 + 1],
      ['z', 3 * 0.25 + 0.5],
    ]);
    // Dropping z from both rankings leaves the others' scores as they were.
    const cut = full.map((source) => ({
      ...source,
      ranking: source.ranking.filter((entry) => entry.name !== 'z'),
    }));
    expect(fusion.doFuse(cut, { limit: 2 })).toEqual(fused.slice(0, 2));
  });

  it('is not complete with a head, nor under another normalisation, and survives JSON', () => {
    expect(weighted({ normalize: 'max', head: 10 }).complete).toBeUndefined();
    expect(weighted({ normalize: 'zscore' }).complete).toBeUndefined();
    const back = fusionFromJSON(JSON.parse(JSON.stringify(weighted({ normalize: 'max' }))));
    expect(back.complete).toBe(true);
  });
});

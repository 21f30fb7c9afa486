import { describeFusion } from '@shortlist/conformance';
import type { SourceRanking } from '@shortlist/core/kit';
import { rrf, weighted } from '@shortlist/fusion';
import { describe, expect, it } from 'vitest';
import { withLearning } from './with-learning.js';

const base: SourceRanking[] = [
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
      { name: 'y', score: 5 },
      { name: 'x', score: 4 },
      { name: 'w', score: 1 },
    ],
  },
];
const names = (fused: readonly { name: string }[]) => fused.map((tool) => tool.name);

describeFusion('withLearning(rrf())', { create: () => withLearning(rrf()) });

describe('withLearning()', () => {
  it("asks rankers at least 40 deep, or the base fusion's minDepth when deeper", () => {
    expect(withLearning(weighted({ head: 60 })).minDepth).toBe(60);
    expect(withLearning(weighted({ head: 10 })).minDepth).toBe(40);
    expect(withLearning(rrf()).minDepth).toBe(40);
  });

  it('is the base fusion exactly when the learned ranking is empty or absent', async () => {
    const fusion = withLearning(rrf());
    const want = await rrf().doFuse(base, { limit: 3 });
    expect(await fusion.doFuse(base, { limit: 3 })).toEqual(want);
    expect(
      await fusion.doFuse([...base, { rankerId: 'learned', ranking: [] }], { limit: 3 }),
    ).toEqual(want);
  });

  it('moves a tool only as far as its evidence: a little share keeps the order, a large one leads', async () => {
    const fusion = withLearning(rrf());
    const withShare = (share: number) =>
      fusion.doFuse([...base, { rankerId: 'learned', ranking: [{ name: 'w', score: share }] }], {
        limit: 4,
      });
    const baseOrder = names(await rrf().doFuse(base, { limit: 4 }));
    expect(names(await withShare(0.001))).toEqual(baseOrder);
    expect(names(await withShare(0.9))[0]).toBe('w');
  });

  it('brings in a tool the base did not rank when the examples are strong', async () => {
    const fused = await withLearning(rrf()).doFuse(
      [...base, { rankerId: 'learned', ranking: [{ name: 'v', score: 0.95 }] }],
      { limit: 2 },
    );
    expect(names(fused)[0]).toBe('v');
    expect(fused[0]!.sources).toEqual({ learned: { rank: 1, score: 0.95 } });
  });

  it('pushes down a tool with unhelpful votes and never adds one', async () => {
    const fused = await withLearning(rrf()).doFuse(
      [
        ...base,
        {
          rankerId: 'learned',
          ranking: [
            { name: 'x', score: -2 },
            { name: 'q', score: -3 },
          ],
        },
      ],
      { limit: 4 },
    );
    expect(names(fused)).not.toContain('q');
    expect(names(fused).indexOf('x')).toBe(names(fused).length - 1);
  });

  it('refuses options that are not positive numbers', () => {
    expect(() => withLearning(rrf(), { temperature: 0 })).toThrow(/temperature/);
    expect(() => withLearning(rrf(), { learnedFloor: Number.NaN })).toThrow(/learnedFloor/);
  });
});

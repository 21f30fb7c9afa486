import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { FusionV1 } from '../spec/fusion-v1.js';
import { lengthPacker, overlapRanker, testFusion } from '../test-plugins.js';
import { pipe } from './pipe.js';

const tools = Array.from({ length: 100 }, (_, i) => ({
  name: `tool_${String(i).padStart(3, '0')}`,
  description: `email ${i % 2 === 0 ? 'send' : 'search'}`,
}));

/** The test fusion asking every ranker for at least `minDepth` tools, recording its limits. */
function deepFusion(minDepth: number): FusionV1 & { limits: number[] } {
  const limits: number[] = [];
  return {
    ...testFusion,
    minDepth,
    limits,
    doFuse(rankings, options) {
      limits.push(options.limit);
      return testFusion.doFuse(rankings, options);
    },
  };
}

describe("a fusion's minDepth", () => {
  it('asks every ranker for at least minDepth tools, yet fuses only what the limit needs', async () => {
    const a = overlapRanker({ id: 'a' });
    const b = overlapRanker({ id: 'b' });
    const fusion = deepFusion(30);
    const picker = await pipe(a, b).fuse(fusion).index(tools);
    const selection = await picker.select('send email', { limit: 2 });
    expect(selection.picks).toHaveLength(2);
    expect([a.limits, b.limits, fusion.limits]).toEqual([[30], [30], [2]]);
    // A deeper select than minDepth fetches limit × overFetch as before.
    await picker.select('send email', { limit: 10 });
    expect([a.limits.at(-1), fusion.limits.at(-1)]).toEqual([40, 10]);
    // Never more than the catalogue holds.
    const small = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .fuse(deepFusion(500))
      .index(tools.slice(0, 7));
    expect((await small.select('email', { limit: 3 })).picks).toHaveLength(3);
  });

  it('offers a packer limit × overFetch candidates, not minDepth', async () => {
    const a = overlapRanker({ id: 'a' });
    const fusion = deepFusion(60);
    const picker = await pipe(a, overlapRanker({ id: 'b' }))
      .fuse(fusion)
      .pack(lengthPacker(1e6))
      .index(tools);
    await picker.select('email', { limit: 3 });
    expect([a.limits, fusion.limits]).toEqual([[60], [12]]);
  });

  it('is ignored with a single ranker, which needs no fusion', async () => {
    const a = overlapRanker({ id: 'a' });
    const picker = await pipe(a).fuse(deepFusion(60)).index(tools);
    await picker.select('email', { limit: 3 });
    expect(a.limits).toEqual([12]);
  });

  it('must be a positive integer when given', () => {
    for (const minDepth of [0, -1, 2.5, Number.NaN, '40']) {
      expect(() =>
        pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' })).fuse({
          ...testFusion,
          minDepth: minDepth as number,
        }),
      ).toThrow(InvalidArgumentError);
    }
    expect(() => pipe(overlapRanker()).fuse({ ...testFusion, minDepth: 0 })).toThrow(
      /minDepth 0; it must be a positive integer/,
    );
  });
});

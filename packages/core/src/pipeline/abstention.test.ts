import { describe, expect, it } from 'vitest';
import { PluginError } from '../errors/plugin-error.js';
import type { FusionV1, SourceRanking } from '../spec/fusion-v1.js';
import { lengthPacker, overlapRanker, testFusion } from '../test-plugins.js';
import { pipe } from './pipe.js';

const tools = [
  { name: 'email_send', description: 'Send an email to a colleague' },
  { name: 'weather_forecast', description: 'Weather forecast for a city' },
];

/** testFusion, abstaining when no ranker found anything better than one shared word. */
const abstaining = (seen: (readonly SourceRanking[])[] = []): FusionV1 => ({
  ...testFusion,
  doAbstain(rankings) {
    seen.push(rankings);
    const best = Math.max(0, ...rankings.flatMap((source) => source.ranking.map((e) => e.score)));
    return best < 2 ? `best overlap ${best}, below 2` : undefined;
  },
});

describe("a fusion's doAbstain", () => {
  it('returns no picks and the reason, packed or not, and fuses as usual otherwise', async () => {
    const seen: (readonly SourceRanking[])[] = [];
    for (const pipeline of [
      pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' })).fuse(abstaining(seen)),
      pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
        .fuse(abstaining(seen))
        .pack(lengthPacker(1000)),
    ]) {
      const picker = await pipeline.index(tools);
      const weak = await picker.select('email');
      expect(weak).toMatchObject({ picks: [], tools: [], originals: [], dropped: [] });
      // A packing pipeline packed nothing: 0 tokens, so token sums still count this request.
      expect(weak.totalTokens).toBe(pipeline.packer === undefined ? undefined : 0);
      expect(weak.abstained).toBe('best overlap 1, below 2');
      const strong = await picker.select('send an email');
      expect(strong.abstained).toBeUndefined();
      expect(strong.picks[0]?.name).toBe('email_send');
      // Scoped selects are judged on the same whole-catalogue rankings.
      expect((await picker.select('email', { only: ['email_send'] })).abstained).toBeDefined();
    }
    expect(seen[0]!.map((source) => source.rankerId)).toEqual(['a', 'b']);
  });

  it('is not asked about a lone ranker (nothing is fused) nor an empty request', async () => {
    const seen: (readonly SourceRanking[])[] = [];
    const lone = await pipe(overlapRanker()).fuse(abstaining(seen)).index(tools);
    expect((await lone.select('email')).picks.map((pick) => pick.name)).toEqual(['email_send']);
    const two = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .fuse(abstaining(seen))
      .index(tools);
    expect((await two.select('  ')).abstained).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('names the fusion when doAbstain throws or answers something other than a reason', async () => {
    for (const answer of [() => '', () => 42, () => Promise.resolve('later')] as const) {
      const fusion = { ...testFusion, doAbstain: answer } as unknown as FusionV1;
      const picker = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
        .fuse(fusion)
        .index(tools);
      await expect(picker.select('email')).rejects.toSatisfy(
        (error) => PluginError.isInstance(error) && /test-rrf/.test((error as Error).message),
      );
    }
    const throwing = {
      ...testFusion,
      doAbstain() {
        throw new Error('boom');
      },
    };
    const picker = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .fuse(throwing)
      .index(tools);
    await expect(picker.select('email')).rejects.toThrow(
      /test-rrf failed to judge whether to abstain: boom/,
    );
  });
});

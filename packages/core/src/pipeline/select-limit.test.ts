import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { semantic } from '../semantic/semantic.js';
import { testEmbedder } from '../test-embedder.js';
import { lengthPacker, overlapRanker, testFusion } from '../test-plugins.js';
import { MAX_PACK_CANDIDATES, MAX_SELECT_DEPTH } from './limit-policy.js';
import { pipe } from './pipe.js';
import { MAX_QUERY_CHARACTERS } from './query-length.js';

const tools = [
  { name: 'send_email', description: 'Send an email' },
  { name: 'search_email', description: 'Search email messages' },
];

describe('select() limit policy', () => {
  it('accepts any positive integer limit and asks no stage for more tools than the catalogue holds', async () => {
    const a = overlapRanker({ id: 'a' });
    const b = overlapRanker({ id: 'b' });
    const picker = await pipe(a, b).fuse(testFusion).pack(lengthPacker(1000)).index(tools);
    for (const limit of [3, 1e9, Number.MAX_SAFE_INTEGER, 2 ** 60]) {
      const selection = await picker.select('email', { limit });
      expect(selection.tools.map((tool) => tool.name).sort()).toEqual([
        'search_email',
        'send_email',
      ]);
    }
    expect(Math.max(...a.limits, ...b.limits)).toBe(2);
    const ranked = await picker.rankings('email', { limit: 1e12 });
    expect(ranked.map((source) => source.ranking.length)).toEqual([2, 2]);
    expect(Math.max(...a.limits)).toBe(2);
  });

  it('offers a packer at most MAX_PACK_CANDIDATES candidates per select, however large the limit', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      name: `tool_${i}`,
      description: `email ${'x'.repeat(i % 10)}`,
    }));
    const ranker = overlapRanker();
    const packer = lengthPacker(1e6);
    const offered: number[] = [];
    const counting = {
      ...packer,
      doPack: (...args: Parameters<typeof packer.doPack>) => {
        offered.push(args[0].length);
        return packer.doPack(...args);
      },
    };
    const packed = await pipe(ranker).pack(counting).index(many);
    for (const options of [{ limit: 1e9 }, { limit: 5, overFetch: 1e6 }]) {
      const selection = await packed.select('email', options);
      expect(selection.tools.length).toBeLessThanOrEqual(MAX_PACK_CANDIDATES);
    }
    expect(offered).toEqual([MAX_PACK_CANDIDATES, MAX_PACK_CANDIDATES]);
    expect(ranker.limits).toEqual([MAX_PACK_CANDIDATES, MAX_PACK_CANDIDATES]);
    // An ordinary select fetches limit × overFetch, as before.
    await packed.select('email', { limit: 5 });
    expect(ranker.limits.at(-1)).toBe(20);
    // Without a packer nothing is measured, and a huge limit still returns every match.
    const plain = await pipe(overlapRanker()).index(many);
    expect((await plain.select('email', { limit: 1e9 })).tools).toHaveLength(1000);
  });

  it('asks no ranker nor fusion for more than MAX_SELECT_DEPTH tools, whatever limit × overFetch asks', async () => {
    const many = Array.from({ length: 3 * MAX_SELECT_DEPTH }, (_, i) => ({
      name: `tool_${i}`,
      description: `email ${i}`,
    }));
    const a = overlapRanker({ id: 'a' });
    const b = overlapRanker({ id: 'b' });
    const fused: number[] = [];
    const counting = {
      ...testFusion,
      doFuse: (...args: Parameters<typeof testFusion.doFuse>) => {
        fused.push(args[1].limit);
        return testFusion.doFuse(...args);
      },
    };
    const picker = await pipe(a, b).fuse(counting).index(many);
    for (const options of [{ limit: 1e9 }, { limit: 1e9, overFetch: 1e6 }, { overFetch: 1e6 }]) {
      const selection = await picker.select('email', options);
      expect(selection.tools.length).toBeLessThanOrEqual(MAX_SELECT_DEPTH);
    }
    expect(Math.max(...a.limits, ...b.limits, ...fused)).toBe(MAX_SELECT_DEPTH);
    expect((await picker.select('email', { limit: 1e9 })).tools).toHaveLength(MAX_SELECT_DEPTH);
    const ranked = await picker.rankings('email', { limit: 1e12 });
    expect(ranked.map((source) => source.ranking.length)).toEqual([
      MAX_SELECT_DEPTH,
      MAX_SELECT_DEPTH,
    ]);
  });

  it('semantic() embeds the capped query, not the whole paste', async () => {
    const embedder = testEmbedder();
    const picker = await pipe(semantic({ embedder })).index(tools);
    embedder.calls.length = 0;
    await picker.select(`email ${'word '.repeat(200_000)}`);
    expect(embedder.calls.flat().map((text) => text.length <= MAX_QUERY_CHARACTERS)).toEqual([
      true,
    ]);
  });

  it('answers an empty catalogue with nothing, without calling a ranker', async () => {
    const ranker = overlapRanker();
    const picker = await pipe(ranker).index([]);
    expect((await picker.select('email', { limit: 1e9 })).tools).toEqual([]);
    expect(ranker.limits).toEqual([]);
  });

  it('rejects options that are not an object, and an infinite overFetch, with typed errors', async () => {
    const picker = await pipe(overlapRanker()).index(tools);
    for (const options of [null, 5, 'x']) {
      const error = await picker
        .select('email', options as unknown as undefined)
        .catch((caught: unknown) => caught);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).argument).toBe('select(options)');
    }
    for (const overFetch of [Number.POSITIVE_INFINITY, Number.NaN, 0.5]) {
      await expect(picker.select('email', { overFetch })).rejects.toSatisfy(
        InvalidArgumentError.isInstance,
      );
    }
    await expect(picker.rankings('email', null as never)).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
  });
});

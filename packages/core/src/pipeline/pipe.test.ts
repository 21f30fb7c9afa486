import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { PluginError } from '../errors/plugin-error.js';
import { UnsupportedSpecVersionError } from '../errors/unsupported-spec-version-error.js';
import type { PackCandidate, PackerV1 } from '../spec/packer-v1.js';
import type { RankerV1 } from '../spec/ranker-v1.js';
import { lengthPacker, overlapRanker, testFusion } from '../test-plugins.js';
import { pipe } from './pipe.js';

const catalogue = [
  { type: 'function', function: { name: 'send_email', description: 'Send an email to a person' } },
  { type: 'function', function: { name: 'search_email', description: 'Search email messages' } },
  {
    type: 'function',
    function: { name: 'post_message', description: 'Post a chat message to the team' },
  },
  { type: 'function', function: { name: 'create_event', description: 'Create a calendar event' } },
  { type: 'function', function: { name: 'list_events', description: 'List calendar events' } },
  { type: 'function', function: { name: 'refund_payment', description: 'Refund a payment' } },
];

describe('pipe()', () => {
  it('selects with one ranker and no fusion, returning tools, originals and explanations', async () => {
    const picker = await pipe(overlapRanker()).index(catalogue);
    const selection = await picker.select('search my email', { limit: 2 });
    expect(selection.tools.map((tool) => tool.name)).toEqual(['search_email', 'send_email']);
    expect(selection.originals[0]).toBe(catalogue[1]);
    expect(selection.picks[0]).toMatchObject({
      name: 'search_email',
      rank: 1,
      score: 2,
      sources: { overlap: { rank: 1, score: 2 } },
    });
    expect(selection.picks[0]!.tokens).toBeUndefined();
    expect(selection.totalTokens).toBeUndefined();
    expect(selection.dropped).toEqual([]);
  });

  it('over-fetches each ranker by 4 × limit by default, and as configured', async () => {
    const a = overlapRanker({ id: 'a' });
    const b = overlapRanker({ id: 'b' });
    // Enough tools that 4 × limit stays under the catalogue size, which caps every request.
    const fillers = Array.from({ length: 10 }, (_, i) => ({
      name: `filler_${i}`,
      description: 'x',
    }));
    const picker = await pipe(a, b)
      .fuse(testFusion)
      .index([...catalogue, ...fillers]);
    await picker.select('email', { limit: 3 });
    expect(a.limits).toEqual([12]);
    expect(b.limits).toEqual([12]);
    const wider = await pipe(a).overFetch(2.5).index(catalogue);
    await wider.select('email', { limit: 2 });
    expect(a.limits.at(-1)).toBe(5);
    await wider.select('email', { limit: 2, overFetch: 1 });
    expect(a.limits.at(-1)).toBe(2);
  });

  it('fuses several rankers and keeps every source placement', async () => {
    const picker = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .fuse(testFusion)
      .index(catalogue);
    const selection = await picker.select('calendar events', { limit: 5 });
    // Both match both words: the tie breaks by name.
    expect(selection.picks.map((pick) => pick.name)).toEqual(['create_event', 'list_events']);
    expect(Object.keys(selection.picks[0]!.sources).sort()).toEqual(['a', 'b']);
  });

  it('runs rankers concurrently', async () => {
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = 0;
    const waiting = (id: string): RankerV1 => ({
      specificationVersion: 'v1',
      id,
      async doIndex() {
        return {
          size: 0,
          async doRank() {
            arrived++;
            if (arrived === 2) release();
            await barrier; // deadlocks unless both rankers run at once
            return [];
          },
        };
      },
    });
    const picker = await pipe(waiting('a'), waiting('b')).fuse(testFusion).index(catalogue);
    const result = await Promise.race([
      picker.select('anything').then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve('deadlock'), 2000)),
    ]);
    expect(result).toBe('done');
  });

  it('packs into the budget and reports token costs and drops', async () => {
    const packer = lengthPacker(46);
    const picker = await pipe(overlapRanker()).pack(packer).index(catalogue);
    expect(packer.prepared).toHaveLength(catalogue.length);
    const selection = await picker.select('email message', { limit: 3 });
    expect(selection.picks.map((pick) => [pick.name, pick.tokens])).toEqual([
      ['search_email', 21],
      ['send_email', 25],
    ]);
    expect(selection.totalTokens).toBe(46);
    expect(selection.dropped).toEqual([
      { name: 'post_message', reason: 'over-budget', tokens: 31 },
    ]);
    picker.dispose();
    expect(packer.disposed()).toBe(true);
  });

  it('offers the packer candidates named and ranked in fused order, each tool the catalogue one', async () => {
    const seen: PackCandidate[] = [];
    const recording: PackerV1 = {
      ...lengthPacker(1000),
      doPack(candidates, options) {
        seen.push(...candidates);
        return lengthPacker(1000).doPack(candidates, options);
      },
    };
    const picker = await pipe(overlapRanker()).pack(recording).index(catalogue);
    const selection = await picker.select('email message', { limit: 1, overFetch: 3 });
    expect(seen.map((c) => c.rank)).toEqual([1, 2, 3]);
    for (const candidate of seen) {
      expect(candidate.tool).toBe(picker.tools().find((tool) => tool.name === candidate.name));
    }
    expect(selection.tools[0]).toBe(seen[0]!.tool);
    // Nothing internal shows; `tool` is read on demand (the spec says to copy it by name).
    expect(Object.keys(seen[2]!).sort()).toEqual(['name', 'rank', 'score']);
    expect({ ...seen[1]!, tool: seen[1]!.tool }.tool.name).toBe(seen[1]!.name);
  });

  it('rejects a fused tool outside the catalogue once the packer reads it', async () => {
    const inventing: RankerV1 = {
      specificationVersion: 'v1',
      id: 'inventing',
      async doIndex() {
        return { size: 0, doRank: () => [{ name: 'ghost', score: 1 }] };
      },
    };
    const picker = await pipe(inventing).pack(lengthPacker(100)).index(catalogue);
    await expect(picker.select('x')).rejects.toThrow(
      /inventing returned "ghost", which is not in the catalogue/,
    );
  });

  it('returns an empty selection for an empty or blank query', async () => {
    const ranker = overlapRanker();
    const picker = await pipe(ranker).index(catalogue);
    for (const query of ['', '   ', '\n\t']) {
      const selection = await picker.select(query);
      expect(selection.tools).toEqual([]);
      expect(selection.picks).toEqual([]);
    }
    expect(ranker.limits).toEqual([]);
  });

  it('adds and removes tools in every ranker, incremental or not', async () => {
    const incremental = overlapRanker({ id: 'inc' });
    const rebuilt = overlapRanker({ id: 'full', incremental: false });
    const picker = await pipe(incremental, rebuilt).fuse(testFusion).index(catalogue);
    const extra = { name: 'send_invoice', description: 'Send an invoice by email' };
    await picker.add([extra]);
    expect(picker.size).toBe(7);
    expect(rebuilt.indexCalls()).toBe(2);
    const selection = await picker.select('invoice', { limit: 1 });
    expect(selection.originals[0]).toBe(extra);
    expect(Object.keys(selection.picks[0]!.sources).sort()).toEqual(['full', 'inc']);
    await picker.remove(['send_invoice', 'not_there']);
    expect(picker.size).toBe(6);
    expect((await picker.select('invoice')).tools).toEqual([]);
    await expect(picker.add([{ name: 'send_email' }])).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
  });

  it('rejects with the abort reason when the signal has fired', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    await expect(
      pipe(overlapRanker()).index(catalogue, { signal: controller.signal }),
    ).rejects.toThrow('user cancelled');
    const picker = await pipe(overlapRanker()).index(catalogue);
    await expect(picker.select('email', { signal: controller.signal })).rejects.toThrow(
      'user cancelled',
    );
  });

  it('requires a fusion for several rankers, saying how to add one', async () => {
    const error = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .index(catalogue)
      .catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('2 rankers (a, b) but no fusion');
    expect((error as Error).message).toContain('.fuse(rrf())');
  });

  it('rejects bad plugins when the pipeline is built', async () => {
    expect(() =>
      pipe({ ...overlapRanker(), specificationVersion: 'v2' } as unknown as RankerV1),
    ).toThrow(expect.toSatisfy(UnsupportedSpecVersionError.isInstance));
    expect(() => pipe(overlapRanker as unknown as RankerV1)).toThrow(
      /did you forget to call the factory/,
    );
    expect(() => pipe(overlapRanker(), overlapRanker())).toThrow(/share the id "overlap"/);
    expect(() => pipe({ ...overlapRanker(), id: '__proto__' })).toThrow(
      expect.toSatisfy(InvalidArgumentError.isInstance),
    );
    expect(() => pipe(overlapRanker()).fuse({} as never)).toThrow(
      expect.toSatisfy(UnsupportedSpecVersionError.isInstance),
    );
    expect(() => pipe(overlapRanker()).overFetch(0.5)).toThrow(/≥ 1/);
    await expect(pipe().index(catalogue)).rejects.toThrow(/at least one ranker/);
  });

  it('validates select options', async () => {
    const picker = await pipe(overlapRanker()).index(catalogue);
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      await expect(picker.select('email', { limit })).rejects.toSatisfy(
        InvalidArgumentError.isInstance,
      );
    }
    await expect(picker.select(42 as unknown as string)).rejects.toThrow(/must be a string/);
  });

  it('names the plugin that failed or returned an unknown tool', async () => {
    const throwing: RankerV1 = {
      specificationVersion: 'v1',
      id: 'flaky',
      async doIndex() {
        return {
          size: 0,
          doRank() {
            throw new TypeError('boom');
          },
        };
      },
    };
    const error = await (await pipe(throwing).index(catalogue))
      .select('x')
      .catch((caught: unknown) => caught);
    expect(PluginError.isInstance(error)).toBe(true);
    expect((error as PluginError).pluginId).toBe('flaky');
    expect((error as Error).message).toBe('flaky failed to rank: boom');
    const inventing: RankerV1 = {
      specificationVersion: 'v1',
      id: 'inventing',
      async doIndex() {
        return { size: 0, doRank: () => [{ name: 'ghost', score: 1 }] };
      },
    };
    await expect((await pipe(inventing).index(catalogue)).select('x')).rejects.toThrow(
      /returned "ghost", which is not in the catalogue/,
    );
  });

  it('rejects a packer that keeps a tool it was not offered', async () => {
    const inventing = {
      ...lengthPacker(100),
      id: 'inventing-packer',
      doPack: () => ({
        kept: [{ name: 'refund_payment', tokens: 1 }],
        dropped: [],
        totalTokens: 1,
      }),
    };
    const picker = await pipe(overlapRanker()).pack(inventing).index(catalogue);
    const error = await picker.select('email').catch((caught: unknown) => caught);
    expect(PluginError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('kept "refund_payment", which was not a candidate');
  });

  it('puts a packer’s kept tools back in rank order, each with its own token count', async () => {
    const base = lengthPacker(1000);
    const reversing: PackerV1 = {
      ...base,
      id: 'reversing',
      doPack(candidates, options) {
        const packed = base.doPack(candidates, options) as ReturnType<typeof base.doPack> & {
          kept: { name: string; tokens: number }[];
        };
        return { ...packed, kept: [...packed.kept].reverse() };
      },
    };
    const inOrder = await (
      await pipe(overlapRanker()).pack(lengthPacker(1000)).index(catalogue)
    ).select('search my email messages', { limit: 3 });
    const reversed = await (await pipe(overlapRanker()).pack(reversing).index(catalogue)).select(
      'search my email messages',
      { limit: 3 },
    );
    expect(inOrder.picks.length).toBeGreaterThan(1);
    expect(reversed.picks).toEqual(inOrder.picks);
    expect(reversed.picks.map((pick) => pick.rank)).toEqual(inOrder.picks.map((_, i) => i + 1));
    for (const pick of reversed.picks) {
      expect(pick.tokens).toBe(pick.tool.description.length);
    }
  });

  it('returns each ranker’s raw ranking through rankings()', async () => {
    const picker = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .fuse(testFusion)
      .index(catalogue);
    const sources = await picker.rankings('calendar', { limit: 1 });
    expect(sources).toEqual([
      { rankerId: 'a', ranking: [{ name: 'create_event', score: 1 }] },
      { rankerId: 'b', ranking: [{ name: 'create_event', score: 1 }] },
    ]);
  });

  it('is immutable: each builder call returns a new pipeline', () => {
    const base = pipe(overlapRanker());
    const fused = base.fuse(testFusion);
    expect(base.fusion).toBeUndefined();
    expect(fused.fusion).toBe(testFusion);
    expect(fused.pack(lengthPacker(10)).packer).toBeDefined();
    expect(fused.packer).toBeUndefined();
  });
});

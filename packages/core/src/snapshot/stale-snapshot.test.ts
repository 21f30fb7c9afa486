import { describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { pipe } from '../pipeline/pipe.js';
import { semantic } from '../semantic/semantic.js';
import type { RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import { testEmbedder } from '../test-embedder.js';
import { defaultTokenizer } from '../text/tokenizer.js';
import { toolText } from '../text/tool-fields.js';
import { toTools } from '../tools/to-tools.js';
import { encodePickerSnapshot } from './picker-container.js';
import { snapshotConfiguration } from './snapshot-configuration.js';

/** A real snapshotting ranker: its snapshot holds the terms it indexed, as rankers' snapshots do. */
function snapshottingRanker() {
  const calls = { index: 0, restore: 0 };
  const wrap = (terms: Map<string, string[]>): RankerIndexV1 => ({
    get size() {
      return terms.size;
    },
    doRank(query, { limit }) {
      const words = defaultTokenizer(query);
      return [...terms]
        .map(([name, list]) => ({
          name,
          score: words.filter((word) => list.includes(word)).length,
        }))
        .filter((entry) => entry.score > 0)
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
        .slice(0, limit);
    },
    doSnapshot: () => new TextEncoder().encode(JSON.stringify([...terms])),
  });
  const ranker: RankerV1 & { calls: typeof calls } = {
    specificationVersion: 'v1',
    id: 'snapshotting',
    calls,
    async doIndex(tools) {
      calls.index++;
      return wrap(new Map(tools.map((tool) => [tool.name, defaultTokenizer(toolText(tool))])));
    },
    async doRestore(snapshot) {
      calls.restore++;
      return wrap(new Map(JSON.parse(new TextDecoder().decode(snapshot)) as [string, string[]][]));
    },
  };
  return ranker;
}

const tools = [
  { name: 'send_email', description: 'Send an email' },
  { name: 'get_weather', description: 'Weather forecast for a city' },
];

describe('restore() and stale snapshots', () => {
  it('restores from a snapshot of the same tools, in any order', async () => {
    const ranker = snapshottingRanker();
    const snapshots = (await pipe(ranker).index(tools)).snapshot();
    const picker = await pipe(ranker).restore([...tools].reverse(), snapshots);
    expect(ranker.calls).toEqual({ index: 1, restore: 1 });
    expect((await picker.select('weather')).tools.map((tool) => tool.name)).toEqual([
      'get_weather',
    ]);
  });

  it('indexes afresh when a tool text changed since the snapshot, never ranking by the old text', async () => {
    const ranker = snapshottingRanker();
    const snapshots = (await pipe(ranker).index(tools)).snapshot();
    const changed = [tools[0]!, { name: 'get_weather', description: 'Rain and sunshine outlook' }];
    const picker = await pipe(ranker).restore(changed, snapshots);
    expect(ranker.calls).toEqual({ index: 2, restore: 0 });
    expect((await picker.select('sunshine')).tools.map((tool) => tool.name)).toEqual([
      'get_weather',
    ]);
    expect((await picker.select('forecast')).tools).toEqual([]);
  });

  it('indexes afresh when text moves between fields, a parameter or a tag changes', async () => {
    const schema = (description: string, values: string[]) => ({
      type: 'object',
      properties: { city: { type: 'string', description, enum: values } },
    });
    const base = {
      name: 'get_weather',
      description: 'Weather forecast',
      parameters: schema('City name', ['paris', 'rome']),
    };
    const variants = [
      {
        ...base,
        description: 'Weather forecast City name',
        parameters: schema('', ['paris', 'rome']),
      },
      { ...base, parameters: schema('City name', ['paris rome']) },
      { ...base, parameters: schema('City name', ['rome', 'paris']) },
      { ...base, parameters: { type: 'object', properties: { town: { type: 'string' } } } },
      { ...base, tags: ['travel'] },
      { ...base, title: 'Weather' },
    ];
    const ranker = snapshottingRanker();
    const snapshots = (await pipe(ranker).index([base])).snapshot();
    await pipe(ranker).restore([{ ...base }], snapshots);
    expect(ranker.calls).toEqual({ index: 1, restore: 1 });
    for (const variant of variants) await pipe(ranker).restore([variant], snapshots);
    expect(ranker.calls).toEqual({ index: 1 + variants.length, restore: 1 });
  });

  it('indexes afresh from a snapshot stamped with an older digest (stamp version 1)', async () => {
    const ranker = snapshottingRanker();
    const snapshots = (await pipe(ranker).index(tools)).snapshot();
    const stamped = snapshots.snapshotting!.slice();
    new DataView(stamped.buffer).setUint32(4, 1, true);
    await pipe(ranker).restore(tools, { snapshotting: stamped });
    expect(ranker.calls).toEqual({ index: 2, restore: 0 });
    // A caller that verified the catalogue itself needs no digest, old or new.
    await pipe(ranker).restore(tools, { snapshotting: stamped }, { catalogueVerified: true });
    expect(ranker.calls).toEqual({ index: 2, restore: 1 });
  });

  it('leaves the check to a caller that verified the catalogue itself (catalogueVerified)', async () => {
    const ranker = snapshottingRanker();
    const snapshots = (await pipe(ranker).index(tools)).snapshot();
    const before = { ...snapshots, snapshotting: snapshots.snapshotting!.slice() };
    // Told the tools are verified, restore trusts the caller: no digest, no re-index.
    const changed = [tools[0]!, { name: 'get_weather', description: 'Rain and sunshine outlook' }];
    await pipe(ranker).restore(changed, snapshots, { catalogueVerified: true });
    expect(ranker.calls).toEqual({ index: 1, restore: 1 });
    await pipe(ranker).restore(changed, snapshots);
    expect(ranker.calls).toEqual({ index: 2, restore: 1 });
    expect(snapshots).toEqual(before); // the ranker read a view; nothing wrote to it
  });

  it('still restores a snapshot made before snapshots were stamped', async () => {
    const ranker = snapshottingRanker();
    const picker = await pipe(ranker).index(tools);
    // What a ranker's own doSnapshot returns, as older versions of pipe() stored it.
    const unstamped = {
      snapshotting: new TextEncoder().encode(JSON.stringify([['send_email', ['email']]])),
    };
    const restored = await pipe(ranker).restore(tools, unstamped);
    expect(ranker.calls.restore).toBe(1);
    expect((await restored.select('email')).tools.map((tool) => tool.name)).toEqual(['send_email']);
    picker.dispose();
  });

  it('restores from a container of this pipeline, with or without an extra configuration', async () => {
    const ranker = snapshottingRanker();
    const pipeline = pipe(ranker);
    const built = await pipeline.index(tools);
    for (const extra of [undefined, { model: 'm' }]) {
      const container = encodePickerSnapshot({
        configuration: snapshotConfiguration(pipeline, extra),
        catalogue: 'tools-v1',
        parts: built.snapshot(),
      });
      const restored = await pipeline.restore(tools, container);
      for (const query of ['weather', 'email', 'send the weather']) {
        expect(await restored.select(query)).toEqual(await built.select(query));
      }
    }
    expect(ranker.calls).toEqual({ index: 1, restore: 2 });
  });

  it("refuses another pipeline's container or a damaged one with CorruptDataError", async () => {
    const ranker = snapshottingRanker();
    const built = await pipe(ranker).index(tools);
    const other = { ...snapshottingRanker(), id: 'other' };
    const container = encodePickerSnapshot({
      configuration: snapshotConfiguration(pipe(other)),
      catalogue: 'tools-v1',
      parts: built.snapshot(),
    });
    await expect(pipe(ranker).restore(tools, container)).rejects.toThrow(/another pipeline/);
    const mine = encodePickerSnapshot({
      configuration: snapshotConfiguration(pipe(ranker)),
      catalogue: 'tools-v1',
      parts: built.snapshot(),
    });
    mine[mine.length - 20]! ^= 1;
    await expect(pipe(ranker).restore(tools, mine)).rejects.toThrow(CorruptDataError);
  });

  it('refuses an unstamped part whose tools are not the catalogue, with InvalidArgumentError', async () => {
    const embedder = testEmbedder();
    // What semantic's own doSnapshot returns: no stamp, but its tool names.
    const unstamped = {
      semantic: (await semantic({ embedder }).doIndex(toTools(tools))).doSnapshot!(),
    };
    const restored = await pipe(semantic({ embedder })).restore(tools, unstamped);
    expect(restored.size).toBe(2);
    const renamed = [tools[0]!, { name: 'get_forecast', description: 'Weather forecast' }];
    const refused = pipe(semantic({ embedder })).restore(renamed, unstamped);
    await expect(refused).rejects.toThrow(InvalidArgumentError);
    await expect(refused).rejects.toThrow(/unstamped .*"get_forecast" not in it/);
    // A caller that verified the catalogue itself is trusted, as for stamped parts.
    const verified = await pipe(semantic({ embedder })).restore(renamed, unstamped, {
      catalogueVerified: true,
    });
    expect(verified.size).toBe(2);
  });
});

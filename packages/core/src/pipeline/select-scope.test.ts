import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { placeByRanking } from '../ranking/place-scope.js';
import type { PlaceOptions, RankerIndexV1, RankerV1, RankOptions } from '../spec/ranker-v1.js';
import { overlapRanker, testFusion } from '../test-plugins.js';
import { pipe } from './pipe.js';
import type { ToolScope } from './tool-scope.js';

const tools = Array.from({ length: 100 }, (_, i) => ({
  name: `${i % 2 === 0 ? 'github' : 'jira'}__tool_${String(i).padStart(3, '0')}`,
  title: i % 10 === 0 ? 'Tenth' : undefined,
  description: i < 90 ? 'email send email' : 'email',
}));

/**
 * overlapRanker that records the options of each doRank call; with `places`, its index also
 * answers `doPlace` (from its whole ranking) and records those calls there.
 */
function recording(id: string, places?: PlaceOptions[]): RankerV1 & { calls: RankOptions[] } {
  const inner = overlapRanker({ id });
  const calls: RankOptions[] = [];
  return {
    ...inner,
    calls,
    async doIndex(list, options) {
      const index = await inner.doIndex(list, options);
      const recorded: RankerIndexV1 = {
        ...index,
        get size() {
          return index.size;
        },
        doRank(query, rankOptions) {
          calls.push(rankOptions);
          return index.doRank(query, rankOptions);
        },
      };
      if (places) {
        recorded.doPlace = (query, placeOptions) => {
          places.push(placeOptions);
          return placeByRanking(id, recorded, query, placeOptions);
        };
      }
      return recorded;
    },
  };
}

const names = (selection: { picks: readonly { name: string }[] }) =>
  selection.picks.map((pick) => pick.name);

describe('select(query, { only })', () => {
  it('keeps the full ranking’s order within the scope, reading deeper until it has enough', async () => {
    const ranker = recording('a');
    const picker = await pipe(ranker).index(tools);
    const full = names(await picker.select('send email', { limit: 100 }));
    // The last tools rank lowest ("email" only); a limit of 2 needs the ranker to read to them.
    const scope = ['github__tool_098', 'jira__tool_095', 'jira__tool_011'];
    ranker.calls.length = 0;
    const scoped = await picker.select('send email', { limit: 2, only: scope });
    expect(names(scoped)).toEqual(full.filter((name) => scope.includes(name)).slice(0, 2));
    expect(ranker.calls.map((call) => call.limit)).toEqual([8, 32, 100]);
    // A ranker that can rank within the scope is told it.
    expect(ranker.calls.every((call) => call.only?.has('jira__tool_095') === true)).toBe(true);
    expect(ranker.calls[0]!.only!.has('jira__tool_001')).toBe(false);
  });

  it('takes globs (* any run, ? one character, the rest literal) and predicates', async () => {
    const picker = await pipe(overlapRanker()).index(tools);
    const full = names(await picker.select('send email', { limit: 100 }));
    const expectScope = async (only: ToolScope, test: (name: string) => boolean) => {
      const scoped = names(await picker.select('send email', { limit: 7, only }));
      expect(scoped).toEqual(full.filter(test).slice(0, 7));
      expect(scoped.length).toBeGreaterThan(0);
    };
    await expectScope('github__*', (name) => name.startsWith('github__'));
    await expectScope('*_09?', (name) => /_09\d$/.test(name));
    await expectScope('*_tool_095', (name) => name.endsWith('_tool_095'));
    await expectScope('jira__tool_001', (name) => name === 'jira__tool_001');
    await expectScope(
      (tool) => tool.title === 'Tenth',
      (name) => Number(name.slice(-3)) % 10 === 0,
    );
    // A dot in a glob is a dot, not "any character".
    expect(names(await picker.select('send email', { only: 'github.*' }))).toEqual([]);
  });

  it('says a scope predicate that throws is the caller’s, whichever stage called it', async () => {
    const picker = await pipe(overlapRanker()).index(tools);
    const only = (tool: { name: string }) => {
      if (tool.name.endsWith('_042')) throw new Error('no access list');
      return true;
    };
    const rejected = picker.select('send email', { limit: 100, only });
    await expect(rejected).rejects.toThrow(InvalidArgumentError);
    await expect(rejected).rejects.toThrow(
      /scope predicate threw for tool "github__tool_042": no access list/,
    );
  });

  it('with a fusion head, ranks the whole catalogue so scores are the full ranking’s', async () => {
    const a = recording('a');
    const b = recording('b');
    const picker = await pipe(a, b)
      .fuse({ ...testFusion, minDepth: 10 })
      .index(tools);
    await picker.select('send email', { limit: 3, only: 'jira__*' });
    expect([...a.calls, ...b.calls].every((call) => call.only === undefined)).toBe(true);
  });

  it('with a fusion head, asks each ranker once to place the scope when every ranker can', async () => {
    const placing = (id: string) => {
      const places: PlaceOptions[] = [];
      const ranker = recording(id, places);
      return { ranker, ranks: ranker.calls, places };
    };
    const [a, b] = [placing('a'), placing('b')];
    const fusion = { ...testFusion, minDepth: 10 };
    const picker = await pipe(a.ranker, b.ranker).fuse(fusion).index(tools);
    await picker.select('send email', { limit: 3, only: 'jira__*' });
    // doPlace reads each whole ranking through doRank once; nothing reads deeper after it.
    expect([a.places.length, b.places.length]).toEqual([1, 1]);
    // The usual depth (limit 3 × over-fetch 4) is past the fusion's head of 10.
    expect(a.places[0]).toMatchObject({ head: 12, below: 3 });
    expect([a.ranks.length, b.ranks.length]).toEqual([1, 1]);
    // One ranker that cannot place: every ranker is read deeper instead, as before.
    const c = recording('c');
    const mixed = await pipe(placing('a').ranker, c).fuse(fusion).index(tools);
    await mixed.select('send email', { limit: 3, only: 'jira__*' });
    expect(c.calls.length).toBeGreaterThan(0);
    expect(c.calls.every((call) => call.only === undefined)).toBe(true);
  });

  it('rejects scopes of other kinds with typed errors naming what to pass', async () => {
    const picker = await pipe(overlapRanker()).index(tools);
    for (const only of [42, null, '', ['ok', 7], { has: () => true }]) {
      await expect(picker.select('email', { only: only as never })).rejects.toThrow(
        InvalidArgumentError,
      );
    }
    await expect(picker.select('email', { only: '' })).rejects.toThrow(/empty glob/);
  });
});

import { describe, expect, it } from 'vitest';
import type { RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import { lengthPacker, overlapRanker, testFusion } from '../test-plugins.js';
import type { Tool } from '../tools/tool.js';
import { pipe } from './pipe.js';

const tools = [
  { name: 'send_email', description: 'Send an email' },
  { name: 'search_email', description: 'Search email messages' },
  { name: 'create_event', description: 'Create a calendar event' },
];

/** A gate a test holds shut and opens when it chooses. */
function gate() {
  let open: () => void = () => undefined;
  let passed = Promise.resolve();
  return {
    hold() {
      passed = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
    wait: () => passed,
  };
}

/**
 * A ranker that ranks every tool it holds, like a slow remote one: it reads its tools once
 * `read` opens and answers once `answer` opens.
 */
function gatedRanker() {
  const read = gate();
  const answer = gate();
  const names = new Set<string>();
  const ranker: RankerV1 & { read: typeof read; answer: typeof answer } = {
    specificationVersion: 'v1',
    id: 'gated',
    read,
    answer,
    async doIndex(list) {
      for (const tool of list) names.add(tool.name);
      const index: RankerIndexV1 = {
        get size() {
          return names.size;
        },
        async doRank(_query, { limit }) {
          await read.wait();
          const held = [...names].sort();
          await answer.wait();
          return held.slice(0, limit).map((name, i) => ({ name, score: 10 - i }));
        },
        async doAdd(added) {
          for (const tool of added) names.add(tool.name);
        },
        async doRemove(removed) {
          for (const name of removed) names.delete(name);
        },
      };
      return index;
    },
  };
  return ranker;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An incremental ranker whose next doAdd or doRemove fails once, part-way through. */
function failingOnce(kind: 'add' | 'remove') {
  const base = overlapRanker({ id: `fails-${kind}` });
  let armed = false;
  const ranker: RankerV1 & { arm(): void } = {
    ...base,
    arm: () => {
      armed = true;
    },
    async doIndex(list, options) {
      const index = await base.doIndex(list, options);
      const add = index.doAdd!.bind(index);
      const remove = index.doRemove!.bind(index);
      return {
        get size() {
          return index.size;
        },
        doRank: (query, rankOptions) => index.doRank(query, rankOptions),
        async doAdd(added: readonly Tool[]) {
          await add(added.slice(0, 1));
          if (armed && kind === 'add') {
            armed = false;
            throw new Error('disk full');
          }
          await add(added.slice(1));
        },
        async doRemove(names: readonly string[]) {
          await remove(names.slice(0, 1));
          if (armed && kind === 'remove') {
            armed = false;
            throw new Error('disk full');
          }
          await remove(names.slice(1));
        },
      };
    },
  };
  return ranker;
}

describe('picker consistency', () => {
  it('answers a select that races remove() from the catalogue it started with', async () => {
    for (const packed of [false, true]) {
      const gated = gatedRanker();
      const base = pipe(gated);
      const picker = await (packed ? base.pack(lengthPacker(1000)) : base).index(tools);
      gated.answer.hold();
      const selecting = picker.select('email', { limit: 3 });
      await tick();
      await picker.remove(['create_event']);
      gated.answer.release();
      const selection = await selecting;
      expect(selection.tools.map((tool) => tool.name)).toEqual([
        'create_event',
        'search_email',
        'send_email',
      ]);
      expect(picker.tools().map((tool) => tool.name)).toEqual(['send_email', 'search_email']);
    }
  });

  it('leaves out tools added while a select runs, and tolerates them being removed again', async () => {
    const gated = gatedRanker();
    const picker = await pipe(gated).index(tools);
    gated.read.hold();
    gated.answer.hold();
    const selecting = picker.select('email', { limit: 5 });
    await picker.add([{ name: 'archive_email', description: 'Archive an email' }]);
    gated.read.release();
    await tick();
    // The ranker now holds archive_email in the answer it is about to give; take it away.
    await picker.remove(['archive_email']);
    gated.answer.release();
    // Only tools of the catalogue the select began with; the depth was capped at its 3 tools.
    expect((await selecting).tools.map((tool) => tool.name)).toEqual([
      'create_event',
      'search_email',
    ]);
  });

  it('keeps a select to the catalogue it started with while an add commits, and updates it after', async () => {
    const gated = gatedRanker();
    const picker = await pipe(gated).index(tools);
    gated.read.hold();
    gated.answer.hold();
    const selecting = picker.select('email', { limit: 5 });
    await picker.add([{ name: 'archive_email', description: 'Archive an email' }]);
    gated.read.release();
    gated.answer.release();
    // The ranker answers with archive_email, but this select began before it was added.
    expect((await selecting).tools.map((tool) => tool.name)).not.toContain('archive_email');
    expect(picker.get('archive_email')?.name).toBe('archive_email');
    const after = await picker.select('email', { limit: 5 });
    expect(after.tools.map((tool) => tool.name)).toContain('archive_email');
  });

  it('adds all or nothing: a ranker failing leaves no trace, and the retry succeeds', async () => {
    const failing = failingOnce('add');
    const healthy = overlapRanker({ id: 'healthy' });
    const rebuilt = overlapRanker({ id: 'rebuilt', incremental: false });
    const packer = lengthPacker(1000);
    const picker = await pipe(healthy, failing, rebuilt).fuse(testFusion).pack(packer).index(tools);
    failing.arm();
    const extra = [
      { name: 'archive_email', description: 'Archive an email' },
      { name: 'forward_email', description: 'Forward an email' },
    ];
    await expect(picker.add(extra)).rejects.toThrow(/disk full/);
    expect(picker.size).toBe(3);
    const sources = await picker.rankings('archive forward email', { limit: 10 });
    for (const source of sources) {
      expect(source.ranking.map((entry) => entry.name)).not.toContain('archive_email');
      expect(source.ranking.map((entry) => entry.name)).not.toContain('forward_email');
    }
    await picker.add(extra);
    expect(picker.size).toBe(5);
    const selection = await picker.select('archive email', { limit: 1 });
    expect(selection.tools[0]!.name).toBe('archive_email');
  });

  it('removes all or nothing: a ranker failing part-way is put back', async () => {
    const failing = failingOnce('remove');
    const healthy = overlapRanker({ id: 'healthy' });
    const picker = await pipe(healthy, failing).fuse(testFusion).index(tools);
    failing.arm();
    await expect(picker.remove(['send_email', 'search_email'])).rejects.toThrow(/disk full/);
    expect(picker.size).toBe(3);
    const sources = await picker.rankings('email', { limit: 10 });
    for (const source of sources) {
      expect(source.ranking.map((entry) => entry.name).sort()).toEqual([
        'search_email',
        'send_email',
      ]);
    }
    await picker.remove(['send_email', 'search_email']);
    expect(picker.tools().map((tool) => tool.name)).toEqual(['create_event']);
  });

  it('takes added tools back out of every ranker when the packer fails to prepare them', async () => {
    const packer = lengthPacker(1000);
    let fail = false;
    const flaky = {
      ...packer,
      async doPrepare(list: readonly Tool[]) {
        if (fail) {
          fail = false;
          throw new Error('tokenizer crashed');
        }
        await packer.doPrepare!(list);
      },
    };
    const picker = await pipe(overlapRanker()).pack(flaky).index(tools);
    fail = true;
    const extra = [{ name: 'archive_email', description: 'Archive an email' }];
    await expect(picker.add(extra)).rejects.toThrow(/tokenizer crashed/);
    expect((await picker.rankings('archive', { limit: 5 }))[0]!.ranking).toEqual([]);
    await picker.add(extra);
    expect((await picker.select('archive', { limit: 1 })).tools[0]!.name).toBe('archive_email');
  });
});

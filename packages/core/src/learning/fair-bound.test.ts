import { describe, expect, it } from 'vitest';
import { createFairBound } from './fair-bound.js';
import { memoryExampleStore } from './memory-example-store.js';

describe('createFairBound()', () => {
  it('drops the oldest of the source that holds the most, the oldest of all with one source', () => {
    const bound = createFairBound();
    for (const key of ['a1', 'a2', 'a3']) bound.add(key, undefined, key);
    expect(bound.victim()).toBe('a1');
    for (const [i, key] of ['f1', 'f2', 'f3', 'f4'].entries()) bound.add(key, 'flood', `t${i}`);
    expect(bound.victim()).toBe('f1');
    bound.delete('f1');
    bound.delete('f2');
    // 3 each: the anonymous source reached 3 first.
    expect(bound.victim()).toBe('a1');
  });

  it('within a source, drops from the tool it holds the most of: a one-source flood onto one tool', () => {
    const bound = createFairBound();
    for (const tool of ['a', 'b', 'c']) bound.add(`old ${tool}`, undefined, tool);
    for (let i = 0; i < 5; i++) bound.add(`flood ${i}`, undefined, 'x');
    const dropped: string[] = [];
    for (let i = 0; i < 4; i++) {
      const key = bound.victim()!;
      dropped.push(key);
      bound.delete(key);
    }
    // The flood goes down to one example, level with every other tool; then the oldest goes.
    expect(dropped).toEqual(['flood 0', 'flood 1', 'flood 2', 'flood 3']);
    expect(bound.victim()).toBe('old a');
  });

  it('drops from a tool holding more than any source: many sources piling onto one tool', () => {
    const bound = createFairBound();
    for (const tool of ['a', 'b', 'c']) bound.add(`honest ${tool}`, 'honest', tool);
    bound.add('other x', 'other', 'x');
    bound.add('other x2', 'other', 'x');
    for (let i = 0; i < 6; i++) bound.add(`sybil ${i}`, `sybil ${i}`, 'x');
    // x holds 8, the heaviest source 3: x's heaviest source ('other', 2) loses its oldest first.
    expect(bound.victim()).toBe('other x');
    bound.delete('other x');
    // Then every source holds one of x: the one that got there first.
    expect(bound.victim()).toBe('sybil 0');
    bound.delete('sybil 0');
    // x down to 6, still above 3: never an honest example of another tool.
    for (let i = 0; i < 3; i++) {
      const key = bound.victim()!;
      expect(key).not.toMatch(/^honest/);
      bound.delete(key);
    }
    // x at 3, level with 'honest': the source side again.
    expect(bound.victim()).toBe('honest a');
  });

  it('picks as the rule reads, computed the slow way, through 5,000 random adds and deletes', () => {
    // The rule by brute force: every group's count and the step it reached that count at.
    const reached = new Map<string, { count: number; at: number }>();
    const held = new Map<string, { source: string; tool: string; at: number }>();
    let step = 0;
    const bump = (group: string, by: number) => {
      const count = (reached.get(group)?.count ?? 0) + by;
      if (count === 0) reached.delete(group);
      else reached.set(group, { count, at: step });
    };
    const heaviest = (groups: string[]) =>
      groups
        .map((group) => ({ group, ...reached.get(group)! }))
        .sort((a, b) => b.count - a.count || a.at - b.at)[0]!;
    const expected = (): string | undefined => {
      const live = [...held.values()];
      if (live.length === 0) return undefined;
      const source = heaviest([...new Set(live.map((entry) => `s ${entry.source}`))]);
      const tool = heaviest([...new Set(live.map((entry) => `t ${entry.tool}`))]);
      const byTool = tool.count > source.count;
      const pairs = live
        .filter((entry) =>
          byTool ? `t ${entry.tool}` === tool.group : `s ${entry.source}` === source.group,
        )
        .map((entry) => `p ${entry.source} ${entry.tool}`);
      const pair = heaviest([...new Set(pairs)]).group;
      return [...held]
        .filter(([, entry]) => `p ${entry.source} ${entry.tool}` === pair)
        .sort(([, a], [, b]) => a.at - b.at)[0]![0];
    };
    const bound = createFairBound();
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (step = 1; step <= 5_000; step++) {
      const key = `k${random(60)}`;
      const entry = held.get(key);
      const groups = (e: { source: string; tool: string }) => [
        `s ${e.source}`,
        `t ${e.tool}`,
        `p ${e.source} ${e.tool}`,
      ];
      if (entry) {
        held.delete(key);
        for (const group of groups(entry)) bump(group, -1);
        bound.delete(key);
      } else if (random(4) === 0 && held.size > 0) {
        const victim = bound.victim()!;
        expect(victim).toBe(expected());
        const dropped = held.get(victim)!;
        held.delete(victim);
        for (const group of groups(dropped)) bump(group, -1);
        bound.delete(victim);
      } else {
        const added = { source: `${random(4)}`, tool: `${random(5)}`, at: step };
        held.set(key, added);
        for (const group of groups(added)) bump(group, 1);
        bound.add(key, added.source === '0' ? undefined : added.source, added.tool);
      }
      expect(bound.victim()).toBe(expected());
    }
  });

  it('skips keys that left and were added again, so a repeat is the newest', () => {
    const bound = createFairBound();
    bound.add('x', 's', 't');
    bound.add('y', 's', 't');
    bound.delete('x');
    bound.add('x', 's', 't');
    expect(bound.victim()).toBe('y');
    bound.delete('y');
    expect(bound.victim()).toBe('x');
    bound.clear();
    expect(bound.victim()).toBe(undefined);
  });
});

/** 50 examples of 10 sources over 5 tools, then `count` from `from(i)`, added 500 at a time. */
async function flooded(
  count: number,
  from: (i: number) => { readonly tool: string; readonly source?: string },
) {
  const store = memoryExampleStore({ maxExamples: 100 });
  await store.addExamples(
    Array.from({ length: 50 }, (_, i) => ({
      query: `request ${i}`,
      tool: `tool_${i % 5}`,
      source: `user-${i % 10}`,
    })),
  );
  for (let i = 0; i < count; i += 500)
    await store.addExamples(
      Array.from({ length: 500 }, (_, j) => ({ query: `flood ${i + j}`, ...from(i + j) })),
    );
  const kept = store.examples();
  expect(kept).toHaveLength(100);
  return kept.filter((example) => example.query.startsWith('request'));
}

describe('memoryExampleStore() under a flood', () => {
  it('keeps every earlier example of other sources when one source floods it', async () => {
    expect(await flooded(10_000, () => ({ tool: 'tool_0', source: 'attacker' }))).toHaveLength(50);
  });

  it('keeps every earlier example of other tools when the anonymous source floods one', async () => {
    // The gateway without sign-in names no source: everyone is one anonymous source.
    const store = memoryExampleStore({ maxExamples: 100 });
    const honest = Array.from({ length: 50 }, (_, i) => ({ query: `request ${i}`, tool: `t${i}` }));
    await store.addExamples(honest);
    for (let i = 0; i < 10_000; i += 500)
      await store.addExamples(
        Array.from({ length: 500 }, (_, j) => ({ query: `flood ${i + j}`, tool: 'tool_0' })),
      );
    const kept = store.examples().map((example) => example.query);
    expect(kept).toHaveLength(100);
    expect(kept.filter((query) => query.startsWith('request'))).toHaveLength(50);
  });

  it('keeps every earlier example of other tools when 10,000 sources flood one', async () => {
    const kept = await flooded(10_000, (i) => ({ tool: 'tool_0', source: `sybil ${i}` }));
    // tool_0's own honest examples may go; no other tool's do.
    expect(kept.filter((example) => example.tool !== 'tool_0')).toHaveLength(40);
  });
});

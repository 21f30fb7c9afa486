import { describe, expect, it } from 'vitest';
import { createFairBound } from './fair-bound.js';
import { memoryExampleStore } from './memory-example-store.js';

describe('createFairBound()', () => {
  it('drops the oldest of the source that holds the most, the oldest of all with one source', () => {
    const bound = createFairBound();
    for (const key of ['a1', 'a2', 'a3']) bound.add(key, undefined);
    expect(bound.victim()).toBe('a1');
    bound.add('f1', 'flood');
    bound.add('f2', 'flood');
    bound.add('f3', 'flood');
    bound.add('f4', 'flood');
    expect(bound.victim()).toBe('f1');
    bound.delete('f1');
    bound.delete('f2');
    // 3 each: the anonymous source reached 3 first.
    expect(bound.victim()).toBe('a1');
  });

  it('skips keys that left and were added again, so a repeat is the newest', () => {
    const bound = createFairBound();
    bound.add('x', 's');
    bound.add('y', 's');
    bound.delete('x');
    bound.add('x', 's');
    expect(bound.victim()).toBe('y');
    bound.delete('y');
    expect(bound.victim()).toBe('x');
    bound.clear();
    expect(bound.victim()).toBe(undefined);
  });
});

describe('memoryExampleStore() under a flood', () => {
  it('keeps every earlier example of other sources when one source floods it', async () => {
    const store = memoryExampleStore({ maxExamples: 100 });
    const legitimate = Array.from({ length: 50 }, (_, i) => ({
      query: `request ${i}`,
      tool: `tool_${i % 5}`,
      source: `user-${i % 10}`,
    }));
    await store.addExamples(legitimate);
    for (let i = 0; i < 10_000; i += 500)
      await store.addExamples(
        Array.from({ length: 500 }, (_, j) => ({
          query: `flood ${i + j}`,
          tool: 'tool_0',
          source: 'attacker',
        })),
      );
    const kept = store.examples();
    expect(kept).toHaveLength(100);
    expect(kept.filter((example) => example.source !== 'attacker')).toHaveLength(50);
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { memoryStore } from './memory-store.js';

const v = (...values: number[]) => Float32Array.from(values);

describe('memoryStore', () => {
  it('returns stored vectors in key order and undefined for misses', async () => {
    const store = memoryStore();
    await store.setMany([
      ['a', v(1, 2)],
      ['b', v(3, 4)],
    ]);
    expect(await store.getMany(['b', 'x', 'a'])).toEqual([v(3, 4), undefined, v(1, 2)]);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const store = memoryStore({ maxEntries: 2 });
    await store.setMany([
      ['a', v(1)],
      ['b', v(2)],
    ]);
    await store.getMany(['a']); // a is now the most recent
    await store.setMany([['c', v(3)]]);
    expect(await store.getMany(['a', 'b', 'c'])).toEqual([v(1), undefined, v(3)]);
  });

  it('is not changed by callers mutating vectors they stored or received', async () => {
    const store = memoryStore();
    const original = v(1, 2);
    await store.setMany([['a', original]]);
    original[0] = 99;
    const [got] = await store.getMany(['a']);
    got![1] = 99;
    expect(await store.getMany(['a'])).toEqual([v(1, 2)]);
  });

  it('rejects a maxEntries that is not a positive integer', () => {
    expect(() => memoryStore({ maxEntries: 0 })).toThrow(InvalidArgumentError);
    expect(() => memoryStore({ maxEntries: 1.5 })).toThrow(/positive integer/);
  });
});

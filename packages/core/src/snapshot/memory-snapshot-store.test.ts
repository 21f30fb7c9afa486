import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { memorySnapshotStore } from './memory-snapshot-store.js';

describe('memorySnapshotStore', () => {
  it('returns what was set, as copies, and undefined for an absent key', async () => {
    const store = memorySnapshotStore();
    const bytes = Uint8Array.from([1, 2, 3]);
    await store.set('a', bytes);
    bytes[0] = 9;
    const read = await store.get('a');
    expect([...read!]).toEqual([1, 2, 3]);
    read![1] = 9;
    expect([...(await store.get('a'))!]).toEqual([1, 2, 3]);
    expect(await store.get('b')).toBeUndefined();
  });

  it('drops the least recently used snapshot beyond maxEntries', async () => {
    const store = memorySnapshotStore({ maxEntries: 2 });
    await store.set('a', Uint8Array.of(1));
    await store.set('b', Uint8Array.of(2));
    await store.get('a');
    await store.set('c', Uint8Array.of(3));
    expect(await store.get('b')).toBeUndefined();
    expect([...(await store.get('a'))!]).toEqual([1]);
  });

  it('rejects a maxEntries that is not a positive integer', () => {
    expect(() => memorySnapshotStore({ maxEntries: 0 })).toThrow(InvalidArgumentError);
  });
});

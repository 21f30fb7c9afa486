import { checkInteger } from '../util/check-integer.js';
import type { SnapshotStore } from './snapshot-store.js';

export interface MemorySnapshotStoreOptions {
  /** Most snapshots kept; the least recently used go first. @default 100 */
  readonly maxEntries?: number;
}

/**
 * An in-process LRU snapshot store (a `Map` in recency order), for tests and for pickers rebuilt
 * in one process. Stores and returns copies, so a caller writing to its bytes cannot change it.
 */
export function memorySnapshotStore(options: MemorySnapshotStoreOptions = {}): SnapshotStore {
  const { maxEntries = 100 } = options;
  checkInteger(maxEntries, 'memorySnapshotStore(options.maxEntries)');
  const entries = new Map<string, Uint8Array>();
  return {
    async get(key) {
      const snapshot = entries.get(key);
      if (snapshot === undefined) return undefined;
      entries.delete(key);
      entries.set(key, snapshot);
      return snapshot.slice();
    },
    async set(key, snapshot) {
      entries.delete(key);
      entries.set(key, Uint8Array.prototype.slice.call(snapshot));
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    async close() {
      entries.clear();
    },
  };
}

import { checkInteger } from '../util/check-integer.js';
import type { EmbeddingStore } from './embedding-store.js';

export interface MemoryStoreOptions {
  /** Most vectors kept; the least recently used go first. @default 10000 */
  readonly maxEntries?: number;
}

/**
 * An in-process LRU store (a `Map` in recency order). Stores and returns copies, so a caller
 * that mutates a vector cannot change the cache.
 */
export function memoryStore(options: MemoryStoreOptions = {}): EmbeddingStore {
  const { maxEntries = 10_000 } = options;
  checkInteger(maxEntries, 'memoryStore(options.maxEntries)');
  const entries = new Map<string, Float32Array>();

  return {
    async getMany(keys) {
      return keys.map((key) => {
        const vector = entries.get(key);
        if (vector === undefined) return undefined;
        entries.delete(key);
        entries.set(key, vector);
        return vector.slice();
      });
    },
    async setMany(items) {
      for (const [key, vector] of items) {
        entries.delete(key);
        entries.set(key, Float32Array.from(vector));
      }
      for (const key of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(key);
      }
    },
    async close() {
      entries.clear();
    },
  };
}

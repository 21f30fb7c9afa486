import { type EmbeddingStore, InvalidArgumentError, memoryStore } from '@shortlist/core';
import { fileStore } from '@shortlist/core/node';

/**
 * An embedding cache file that several processes may name: the first takes it, and one that
 * finds it taken (another gateway of the same user) keeps its vectors in memory, with one warning.
 */
export function embeddingCache(path: string, warn: (message: string) => void): EmbeddingStore {
  const disk = fileStore(path);
  let store: EmbeddingStore = disk;
  const run = async <T>(work: (current: EmbeddingStore) => Promise<T>): Promise<T> => {
    try {
      return await work(store);
    } catch (error) {
      const taken = InvalidArgumentError.isInstance(error) && error.argument === 'fileStore(path)';
      if (store !== disk || !taken) throw error;
      warn(`${(error as Error).message}; embeddings stay in memory in this process`);
      store = memoryStore();
      return work(store);
    }
  };
  return {
    getMany: (keys) => run((current) => current.getMany(keys)),
    setMany: (entries) => run((current) => current.setMany(entries)),
    close: async () => store.close?.(),
  };
}

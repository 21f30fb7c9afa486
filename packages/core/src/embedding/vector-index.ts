import { topK } from '../util/top-k.js';
import { dotRow, normalize } from './vector-math.js';

/** One nearest neighbour: the key it was stored under and its cosine similarity. */
export interface Neighbour {
  readonly key: string;
  readonly score: number;
}

/**
 * Unit vectors in one contiguous row-major `Float32Array`, searched by cosine (a dot product
 * of normalised vectors) with a top-k heap. Removal swaps the last row in, so it costs O(d).
 */
export interface VectorIndex {
  readonly dimensions: number;
  readonly size: number;
  /** Stores a copy of `vector`, normalised, under `key` (keys need not be unique). */
  add(key: string, vector: Float32Array): void;
  /** Removes every row stored under one of `keys`. */
  removeKeys(keys: ReadonlySet<string>): void;
  /** The `k` rows most similar to `query`, best first; ties by key. */
  search(query: Float32Array, k: number): Neighbour[];
  /** Rows and keys, for snapshots. */
  export(): { keys: string[]; vectors: Float32Array };
}

export function createVectorIndex(dimensions: number, initialCapacity = 64): VectorIndex {
  let capacity = Math.max(1, initialCapacity);
  let matrix = new Float32Array(capacity * dimensions);
  const keys: string[] = [];

  const grow = (): void => {
    capacity *= 2;
    const next = new Float32Array(capacity * dimensions);
    next.set(matrix);
    matrix = next;
  };

  return {
    dimensions,
    get size() {
      return keys.length;
    },
    add(key, vector) {
      if (keys.length === capacity) grow();
      const row = normalize(Float32Array.from(vector));
      matrix.set(row, keys.length * dimensions);
      keys.push(key);
    },
    removeKeys(remove) {
      for (let row = keys.length - 1; row >= 0; row--) {
        if (!remove.has(keys[row]!)) continue;
        const last = keys.length - 1;
        if (row !== last) {
          matrix.copyWithin(row * dimensions, last * dimensions, (last + 1) * dimensions);
          keys[row] = keys[last]!;
        }
        keys.pop();
      }
    },
    search(query, k) {
      const unit = normalize(Float32Array.from(query));
      const best = topK(k, (row) => keys[row]!);
      for (let row = 0; row < keys.length; row++) best.push(row, dotRow(matrix, row, unit));
      return best.drain().map(({ id, score }) => ({ key: keys[id]!, score }));
    },
    export() {
      return { keys: [...keys], vectors: matrix.slice(0, keys.length * dimensions) };
    },
  };
}

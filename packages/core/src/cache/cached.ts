import { embedMany, nonFiniteAt } from '../embedding/embed-many.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EmbedderV1 } from '../spec/embedder-v1.js';
import { throwIfAborted } from '../util/abort.js';
import { cacheKeys } from './cache-key.js';
import { type EmbeddingStore, type WarningHandler, warnToConsole } from './embedding-store.js';

export interface CachedOptions {
  /** Where vectors live: `memoryStore()`, `fileStore(path)` (from `@shortlist/core/node`) or your own `EmbeddingStore`. */
  readonly store: EmbeddingStore;
  /** Separates caches that share a store, e.g. two text preprocessings. @default '' */
  readonly namespace?: string;
  /** Told when the store returns a vector of the wrong length or with NaN or Infinity (it is then re-embedded). @default console.warn */
  readonly onWarning?: WarningHandler;
}

/**
 * Wraps an embedder so each text is looked up in a store first and only misses reach the
 * model (in order, deduplicated); keys hash provider, model id, dimensions and text.
 * Re-indexing an unchanged catalogue then makes no embedding call at all.
 */
export function cached(embedder: EmbedderV1, options: CachedOptions): EmbedderV1 {
  if (!embedder || typeof embedder.doEmbed !== 'function') {
    throw new InvalidArgumentError({
      argument: 'cached(embedder)',
      expected: 'an EmbedderV1',
      message: 'cached(embedder, { store }): the first argument must be an embedder',
    });
  }
  const { store, namespace = '', onWarning = warnToConsole } = options ?? {};
  if (!store || typeof store.getMany !== 'function' || typeof store.setMany !== 'function') {
    throw new InvalidArgumentError({
      argument: 'cached(options.store)',
      expected: 'an EmbeddingStore with getMany and setMany',
      message:
        'cached(embedder, { store }): pass a store, e.g. memoryStore() or fileStore(path) from @shortlist/core/node',
    });
  }
  const { provider, modelId, dimensions, maxBatchSize, maxConcurrency } = embedder;

  return {
    specificationVersion: 'v1',
    provider,
    modelId,
    dimensions,
    maxBatchSize,
    ...(maxConcurrency === undefined ? {} : { maxConcurrency }),
    async doEmbed(texts, callOptions) {
      const signal = callOptions?.signal;
      const inputType = callOptions?.inputType;
      throwIfAborted(signal);
      const keys = await cacheKeys(embedder, texts, namespace, inputType);
      const found = await store.getMany(keys);
      throwIfAborted(signal);
      const out: Float32Array[] = new Array(texts.length);
      // Misses in first-seen order; a text repeated within the call is embedded once.
      const missing = new Map<string, { text: string; positions: number[] }>();
      texts.forEach((text, i) => {
        const vector = found[i];
        const usable = vector instanceof Float32Array && vector.length === dimensions;
        if (usable && nonFiniteAt(vector) === -1) {
          out[i] = vector;
          return;
        }
        if (usable) {
          onWarning(
            `embedding cache: stored vector for ${provider}:${modelId} holds a non-finite number; embedding the text again`,
          );
        } else if (vector !== undefined) {
          onWarning(
            `embedding cache: stored vector for ${provider}:${modelId} has length ${String(
              (vector as { length?: unknown }).length,
            )}, expected ${dimensions}; embedding the text again`,
          );
        }
        const miss = missing.get(keys[i]!);
        if (miss) miss.positions.push(i);
        else missing.set(keys[i]!, { text, positions: [i] });
      });
      if (missing.size === 0) return { embeddings: out };

      const misses = [...missing.entries()];
      const vectors = await embedMany(
        embedder,
        misses.map(([, miss]) => miss.text),
        { signal, inputType, phase: 'cached: embed misses' },
      );
      misses.forEach(([, miss], i) => {
        for (const position of miss.positions) out[position] = vectors[i]!;
      });
      await store.setMany(misses.map(([key], i) => [key, vectors[i]!] as const));
      return { embeddings: out };
    },
  };
}

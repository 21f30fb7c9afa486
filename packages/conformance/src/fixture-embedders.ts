import type { EmbedderV1 } from '@shortlist/core';
import { defaultTokenizer, FNV_OFFSET, fnv1a } from '@shortlist/core/kit';

/** A deterministic embedder that records every batch it is asked to embed. */
export interface CountingEmbedder extends EmbedderV1 {
  readonly calls: string[][];
  /** Texts embedded so far, over every batch. */
  texts(): number;
}

/** Unsigned FNV-1a of `text[from, to)`. */
const fnv = (text: string, from = 0, to = text.length): number =>
  fnv1a(text, FNV_OFFSET, from, to) >>> 0;

/**
 * Hashes character trigrams into `dimensions` buckets: same text, same vector, no network.
 * For tests of caches and stores that count what reached the model.
 */
export function countingEmbedder(
  options: { modelId?: string; dimensions?: number; maxBatchSize?: number } = {},
): CountingEmbedder {
  const { modelId = 'trigram-test', dimensions = 16, maxBatchSize = 64 } = options;
  const calls: string[][] = [];
  const embed = (text: string): Float32Array => {
    const vector = new Float32Array(dimensions);
    const padded = `  ${text.toLowerCase()} `;
    for (let i = 0; i + 3 <= padded.length; i++) vector[fnv(padded, i, i + 3) % dimensions]! += 1;
    return vector;
  };
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId,
    dimensions,
    maxBatchSize,
    calls,
    texts: () => calls.reduce((sum, batch) => sum + batch.length, 0),
    async doEmbed(texts, callOptions) {
      callOptions?.signal?.throwIfAborted();
      calls.push([...texts]);
      return { embeddings: texts.map(embed) };
    },
  };
}

/**
 * A deterministic bag-of-words embedder: each term adds ±1 at a hashed position, so texts that
 * share words are close. For tests of semantic and intent ranking without a model.
 */
export function bagOfWordsEmbedder(dimensions = 256): EmbedderV1 {
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId: `bag-of-words-${dimensions}`,
    dimensions,
    maxBatchSize: 64,
    async doEmbed(texts, callOptions) {
      callOptions?.signal?.throwIfAborted();
      return {
        embeddings: texts.map((text) => {
          const vector = new Float32Array(dimensions);
          for (const term of defaultTokenizer(text)) {
            const hash = fnv(term);
            vector[hash % dimensions]! += hash & 0x100 ? 1 : -1;
          }
          return vector;
        }),
      };
    },
  };
}

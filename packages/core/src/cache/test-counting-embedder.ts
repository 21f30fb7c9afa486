import type { EmbedderV1 } from '../spec/embedder-v1.js';
import { FNV_OFFSET, fnv1a } from '../util/fnv1a.js';

/** A deterministic embedder for tests that records every batch it is asked to embed. */
export interface CountingEmbedder extends EmbedderV1 {
  readonly calls: string[][];
}

/**
 * Hashes character trigrams into `dimensions` buckets; same text, same vector. `@shortlist/conformance`
 * publishes the same embedder, but it depends on core, so core's own tests keep this copy.
 */
export function countingEmbedder(
  options: { modelId?: string; dimensions?: number; maxBatchSize?: number } = {},
): CountingEmbedder {
  const { modelId = 'trigram-test', dimensions = 16, maxBatchSize = 8 } = options;
  const calls: string[][] = [];
  const embed = (text: string): Float32Array => {
    const vector = new Float32Array(dimensions);
    const padded = `  ${text.toLowerCase()} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      vector[(fnv1a(padded, FNV_OFFSET, i, i + 3) >>> 0) % dimensions]! += 1;
    }
    return vector;
  };
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId,
    dimensions,
    maxBatchSize,
    calls,
    async doEmbed(texts, options) {
      options?.signal?.throwIfAborted();
      calls.push([...texts]);
      return { embeddings: texts.map(embed) };
    },
  };
}

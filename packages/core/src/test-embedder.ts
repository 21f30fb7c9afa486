import type { EmbedderV1 } from './spec/embedder-v1.js';
import { defaultTokenizer } from './text/tokenizer.js';
import { fnv1a } from './util/fnv1a.js';

/** FNV-1a, so test vectors are the same on every run and machine. */
const hash = (text: string): number => fnv1a(text) >>> 0;

/**
 * A deterministic bag-of-words embedder for tests: each term adds ±1 at a hashed position.
 * Records every call so tests can count batches.
 */
export function testEmbedder(options: { dimensions?: number; maxBatchSize?: number } = {}) {
  const dimensions = options.dimensions ?? 64;
  const calls: string[][] = [];
  const embedder: EmbedderV1 & { calls: string[][] } = {
    specificationVersion: 'v1',
    provider: 'test',
    modelId: `bag-of-words-${dimensions}`,
    dimensions,
    maxBatchSize: options.maxBatchSize ?? 4,
    calls,
    async doEmbed(texts, callOptions) {
      callOptions?.signal?.throwIfAborted();
      calls.push([...texts]);
      return {
        embeddings: texts.map((text) => {
          const vector = new Float32Array(dimensions);
          for (const term of defaultTokenizer(text)) {
            const h = hash(term);
            vector[h % dimensions]! += h & 0x100 ? 1 : -1;
          }
          return vector;
        }),
      };
    },
  };
  return embedder;
}

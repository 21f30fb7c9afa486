import { type EmbedderV1, semantic } from '@shortlist/core';
import { fnv1a, splitWords } from '@shortlist/core/kit';
import { describeRanker } from './index.js';

/** A deterministic hashed bag-of-words embedder, so core's semantic() can run the kit offline. */
function hashedEmbedder(dimensions = 128): EmbedderV1 {
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId: `hashed-${dimensions}`,
    dimensions,
    maxBatchSize: 7,
    async doEmbed(texts, options) {
      options?.signal?.throwIfAborted();
      return {
        embeddings: texts.map((text) => {
          const vector = new Float32Array(dimensions);
          for (const word of splitWords(text)) vector[(fnv1a(word) >>> 0) % dimensions]! += 1;
          return vector;
        }),
      };
    },
  };
}

describeRanker('semantic() from @shortlist/core', {
  create: () => semantic({ embedder: hashedEmbedder() }),
});

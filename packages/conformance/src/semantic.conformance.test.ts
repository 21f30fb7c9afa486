import { type EmbedderV1, semantic } from '@shortlist/core';
import { splitWords } from '@shortlist/core/kit';
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
          for (const word of splitWords(text)) {
            let h = 0x811c9dc5;
            for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
            vector[(h >>> 0) % dimensions]! += 1;
          }
          return vector;
        }),
      };
    },
  };
}

describeRanker('semantic() from @shortlist/core', {
  create: () => semantic({ embedder: hashedEmbedder() }),
});

import type { EmbedderV1 } from '@shortlist/core';

/** A test embedder: one dimension per vocabulary word, counting occurrences; records calls. */
export function vocabularyEmbedder(
  vocabulary: readonly string[],
  modelId = 'vocabulary',
): EmbedderV1 & { readonly calls: string[][] } {
  const calls: string[][] = [];
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId,
    dimensions: vocabulary.length,
    maxBatchSize: 4,
    calls,
    async doEmbed(texts, options) {
      options?.signal?.throwIfAborted();
      calls.push([...texts]);
      return {
        embeddings: texts.map((text) => {
          const vector = new Float32Array(vocabulary.length);
          for (const word of text.toLowerCase().split(/\W+/)) {
            const at = vocabulary.indexOf(word);
            if (at >= 0) vector[at]! += 1;
          }
          return vector;
        }),
      };
    },
  };
}

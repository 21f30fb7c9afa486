import { defaultTokenizer, type EmbedderV1 } from '@shortlist/core';

/** A deterministic bag-of-words embedder: each term adds ±1 at a hashed position. */
export function bagOfWordsEmbedder(dimensions = 256): EmbedderV1 {
  const hash = (text: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h >>> 0;
  };
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId: `bag-of-words-${dimensions}`,
    dimensions,
    maxBatchSize: 64,
    async doEmbed(texts) {
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
}

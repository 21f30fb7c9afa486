import type { EmbedderV1 } from '@shortlist/core';
import { fnv1a } from '@shortlist/core/kit';

const TOPICS = 64;

const fnv = (text: string): number => fnv1a(text) >>> 0;

function gaussians(seed: number, out: Float32Array, scale: number, add?: Float32Array): void {
  let state = seed || 1;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 2 ** 32;
  };
  for (let i = 0; i < out.length; i++) {
    const value = Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
    out[i] = (add ? add[i]! : 0) + scale * value;
  }
}

/**
 * Seeded stand-in for a sentence-embedding model: a text's vector is one of 64 topic centres
 * (picked by its first word) plus noise from a hash of the whole text, so scores cluster the way
 * real embeddings do. Costs no model; only the vector index's speed is measured with it.
 */
export function syntheticEmbedder(dimensions: number): EmbedderV1 {
  const centres = Array.from({ length: TOPICS }, (_, topic) => {
    const centre = new Float32Array(dimensions);
    gaussians(topic * 7919 + 17, centre, 0.6);
    return centre;
  });
  return {
    specificationVersion: 'v1',
    provider: 'synthetic',
    modelId: `synthetic-${dimensions}`,
    dimensions,
    maxBatchSize: 4096,
    async doEmbed(texts) {
      return {
        embeddings: texts.map((text) => {
          const vector = new Float32Array(dimensions);
          const first = text.split(' ', 1)[0] ?? '';
          gaussians(fnv(text), vector, 1, centres[fnv(first) % TOPICS]);
          return vector;
        }),
      };
    },
  };
}

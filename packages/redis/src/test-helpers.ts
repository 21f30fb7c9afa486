import type { EmbedderV1 } from '@shortlist/core';

/** A deterministic embedder that records every batch: hashed character trigrams. */
export function countingEmbedder(
  options: { modelId?: string; dimensions?: number } = {},
): EmbedderV1 & { readonly calls: string[][]; readonly texts: () => number } {
  const { modelId = 'trigram-test', dimensions = 16 } = options;
  const calls: string[][] = [];
  const embed = (text: string): Float32Array => {
    const vector = new Float32Array(dimensions);
    const padded = `  ${text.toLowerCase()} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      let hash = 2166136261;
      for (let j = i; j < i + 3; j++) hash = Math.imul(hash ^ padded.charCodeAt(j), 16777619);
      vector[(hash >>> 0) % dimensions]! += 1;
    }
    return vector;
  };
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId,
    dimensions,
    maxBatchSize: 64,
    calls,
    texts: () => calls.reduce((sum, batch) => sum + batch.length, 0),
    async doEmbed(texts) {
      calls.push([...texts]);
      return { embeddings: texts.map(embed) };
    },
  };
}

/** A small catalogue of distinct tools. */
export function catalogue(size: number, offset = 0) {
  const topics = ['mail', 'files', 'weather', 'calendar', 'payments', 'maps', 'music'];
  return Array.from({ length: size }, (_, k) => {
    const i = k + offset;
    return {
      name: `tool_${i}`,
      description: `Tool ${i} handles ${topics[i % topics.length]} task number ${i}`,
      parameters: { type: 'object', properties: { id: { type: 'string' } } },
    };
  });
}

/** Polls until `check` holds (tests fail by their own timeout if it never does). */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

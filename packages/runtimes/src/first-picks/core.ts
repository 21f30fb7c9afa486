import { type EmbedderV1, pipe, semantic, toTools } from '@shortlist/core';
import type { CatalogueTool } from '../catalogue.js';

/** Lower-cased words hashed into 64 signed buckets: a keyless embedder an app could write itself. */
const hashedWords: EmbedderV1 = {
  specificationVersion: 'v1',
  provider: 'runtimes',
  modelId: 'hashed-words-64',
  dimensions: 64,
  maxBatchSize: 32,
  async doEmbed(texts) {
    return {
      embeddings: texts.map((text) => {
        const vector = new Float32Array(64);
        for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
          let hash = 2166136261;
          for (let i = 0; i < word.length; i++)
            hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
          vector[(hash >>> 0) % 64]! += hash & 0x100 ? 1 : -1;
        }
        return vector;
      }),
    };
  },
};

/** What a page built on `@shortlist/core` alone does first: `semantic()` over its own embedder. */
export async function firstPicks(
  tools: readonly CatalogueTool[],
  queries: readonly string[],
): Promise<string[][]> {
  const picker = await pipe(semantic({ embedder: hashedWords })).index(toTools(tools));
  const picks: string[][] = [];
  for (const query of queries) {
    picks.push((await picker.select(query, { limit: 3 })).picks.map((pick) => pick.name));
  }
  picker.dispose();
  return picks;
}

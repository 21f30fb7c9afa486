import { describe, expect, it } from 'vitest';
import { cached } from '../cache/cached.js';
import type { EmbeddingStore } from '../cache/embedding-store.js';
import { memoryStore } from '../cache/memory-store.js';
import { PluginError } from '../errors/plugin-error.js';
import { pipe } from '../pipeline/pipe.js';
import { semantic } from '../semantic/semantic.js';
import type { EmbedderV1 } from '../spec/embedder-v1.js';
import { testEmbedder } from '../test-embedder.js';
import { embedMany } from './embed-many.js';

/** A real embedder whose vector for `poisoned` texts carries `value` (NaN, ±Infinity). */
function poisoning(value: number): EmbedderV1 & { calls: string[][] } {
  const inner = testEmbedder({ dimensions: 8 });
  return {
    ...inner,
    async doEmbed(texts, options) {
      const result = await inner.doEmbed(texts, options);
      texts.forEach((text, i) => {
        if (text.includes('poison')) result.embeddings[i]![3] = value;
      });
      return result;
    },
  };
}

const tools = [
  { name: 'send_email', description: 'Send an email' },
  { name: 'poison_pill', description: 'poison everything' },
];

describe('finite vectors', () => {
  it('embedMany rejects NaN and ±Infinity with a PluginError naming the embedder', async () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const error = await embedMany(poisoning(value), ['fine', 'poison'], {}).catch(
        (caught: unknown) => caught,
      );
      expect(PluginError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(
        /test:bag-of-words-8 returned a vector with .* at component 3/,
      );
    }
  });

  it('keeps a poisoned vector out of a cache and a semantic index', async () => {
    const store = memoryStore();
    const embedder = cached(poisoning(Number.NaN), { store, onWarning: () => undefined });
    await expect(pipe(semantic({ embedder })).index(tools)).rejects.toSatisfy(
      PluginError.isInstance,
    );
    expect((await store.getMany(['x'])).length).toBe(1);
    let stored = 0;
    const counting: EmbeddingStore = {
      getMany: (keys) => store.getMany(keys),
      async setMany(items) {
        stored += items.length;
        await store.setMany(items);
      },
    };
    await expect(
      cached(poisoning(Number.NaN), { store: counting }).doEmbed(['poison']),
    ).rejects.toSatisfy(PluginError.isInstance);
    expect(stored).toBe(0);
  });

  it('re-embeds a stored vector holding NaN, with a warning', async () => {
    const inner = testEmbedder({ dimensions: 8 });
    const store = memoryStore();
    const warnings: string[] = [];
    const embedder = cached(inner, { store, onWarning: (message) => warnings.push(message) });
    const [good] = (await embedder.doEmbed(['send email'])).embeddings;
    const corrupt: EmbeddingStore = {
      async getMany(keys) {
        return (await store.getMany(keys)).map(
          (vector) => vector && new Float32Array(8).fill(Number.NaN),
        );
      },
      setMany: (items) => store.setMany(items),
    };
    const again = cached(inner, { store: corrupt, onWarning: (message) => warnings.push(message) });
    expect((await again.doEmbed(['send email'])).embeddings[0]).toEqual(good);
    expect(warnings.join('\n')).toMatch(/non-finite/);
  });

  it('semantic() answers a query sharing nothing with any tool with nothing', async () => {
    const silent: EmbedderV1 = {
      ...testEmbedder({ dimensions: 8 }),
      async doEmbed(texts) {
        return {
          embeddings: texts.map((text) =>
            text.includes('zzz')
              ? new Float32Array(8)
              : text.includes('qqq')
                ? Float32Array.of(0, 0, 0, 0, 0, 0, 0, 1)
                : Float32Array.of(1, 1, 1, 1, 1, 1, 1, 0),
          ),
        };
      },
    };
    const picker = await pipe(semantic({ embedder: silent })).index(tools);
    expect((await picker.select('zzz', { limit: 5 })).tools).toEqual([]);
    // Orthogonal to every tool: cosine 0 everywhere.
    expect((await picker.select('qqq', { limit: 5 })).tools).toEqual([]);
    expect((await picker.select('email', { limit: 5 })).tools).toHaveLength(2);
  });
});

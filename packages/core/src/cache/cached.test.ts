import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { cached } from './cached.js';
import type { EmbeddingStore } from './embedding-store.js';
import { memoryStore } from './memory-store.js';
import { countingEmbedder } from './test-counting-embedder.js';

describe('cached', () => {
  it('keeps the wrapped embedder identity and returns the same vectors', async () => {
    const inner = countingEmbedder({ dimensions: 12, maxBatchSize: 3 });
    const embedder = cached(inner, { store: memoryStore() });
    expect(embedder).toMatchObject({
      specificationVersion: 'v1',
      provider: 'test',
      modelId: 'trigram-test',
      dimensions: 12,
      maxBatchSize: 3,
    });
    const direct = countingEmbedder({ dimensions: 12 });
    const texts = ['send an email', 'weather in Paris'];
    const expected = (await direct.doEmbed(texts)).embeddings;
    expect((await embedder.doEmbed(texts)).embeddings).toEqual(expected);
    expect((await embedder.doEmbed(texts)).embeddings).toEqual(expected);
  });

  it('embeds only misses, in order, each distinct text once', async () => {
    const inner = countingEmbedder();
    const embedder = cached(inner, { store: memoryStore() });
    await embedder.doEmbed(['a', 'b']);
    const { embeddings } = await embedder.doEmbed(['c', 'a', 'd', 'c', 'b']);
    expect(inner.calls).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(embeddings[0]).toEqual(embeddings[3]);
    expect(embeddings).toHaveLength(5);
  });

  it('keeps queries, documents and untyped calls apart, and passes the input type on', async () => {
    const seen: (string | undefined)[] = [];
    const inner = countingEmbedder();
    const embedder = cached(
      {
        ...inner,
        doEmbed: (texts, options) => {
          seen.push(options?.inputType);
          return inner.doEmbed(texts, options);
        },
      },
      { store: memoryStore() },
    );
    await embedder.doEmbed(['a'], { inputType: 'query' });
    await embedder.doEmbed(['a'], { inputType: 'document' });
    await embedder.doEmbed(['a']);
    await embedder.doEmbed(['a'], { inputType: 'query' });
    expect(seen).toEqual(['query', 'document', undefined]);
  });

  it('never returns a vector cached for another model, dimension or namespace', async () => {
    const store = memoryStore();
    const small = countingEmbedder({ modelId: 'm1', dimensions: 8 });
    await cached(small, { store }).doEmbed(['hello']);

    const otherModel = countingEmbedder({ modelId: 'm2', dimensions: 8 });
    await cached(otherModel, { store }).doEmbed(['hello']);
    expect(otherModel.calls).toEqual([['hello']]);

    const otherDimensions = countingEmbedder({ modelId: 'm1', dimensions: 4 });
    const { embeddings } = await cached(otherDimensions, { store }).doEmbed(['hello']);
    expect(otherDimensions.calls).toEqual([['hello']]);
    expect(embeddings[0]).toHaveLength(4);

    const sameModel = countingEmbedder({ modelId: 'm1', dimensions: 8 });
    await cached(sameModel, { store, namespace: 'titles' }).doEmbed(['hello']);
    expect(sameModel.calls).toEqual([['hello']]);
    await cached(sameModel, { store }).doEmbed(['hello']);
    expect(sameModel.calls).toHaveLength(1);
  });

  it('re-embeds, with a warning, when a store returns a vector of the wrong length', async () => {
    const broken: EmbeddingStore = {
      async getMany(keys) {
        return keys.map(() => new Float32Array(3));
      },
      async setMany() {},
    };
    const warnings: string[] = [];
    const inner = countingEmbedder({ dimensions: 8 });
    const { embeddings } = await cached(inner, {
      store: broken,
      onWarning: (message) => warnings.push(message),
    }).doEmbed(['x']);
    expect(embeddings[0]).toHaveLength(8);
    expect(inner.calls).toEqual([['x']]);
    expect(warnings[0]).toMatch(/length 3, expected 8/);
  });

  it('rejects with the signal reason when aborted, before touching the store', async () => {
    const inner = countingEmbedder();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(
      cached(inner, { store: memoryStore() }).doEmbed(['a'], { signal: controller.signal }),
    ).rejects.toThrow('stop');
    expect(inner.calls).toEqual([]);
  });

  it('rejects a missing embedder or store with a typed error', () => {
    const inner = countingEmbedder();
    // @ts-expect-error: testing a JavaScript caller
    expect(() => cached(inner, {})).toThrow(InvalidArgumentError);
    // @ts-expect-error: testing a JavaScript caller
    expect(() => cached(undefined, { store: memoryStore() })).toThrow(/first argument/);
  });
});

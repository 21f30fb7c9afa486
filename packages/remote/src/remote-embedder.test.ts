import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { remoteEmbedder } from './remote-embedder.js';

const calls: (readonly string[])[] = [];
const embedder = remoteEmbedder({
  provider: 'test',
  modelId: 'm',
  dimensions: 2,
  maxBatchSize: 4,
  maxConcurrency: 1,
  service: 'the test API',
  async embed(texts) {
    calls.push(texts);
    return { embeddings: texts.map((text) => Float32Array.of(text.length, 1)) };
  },
});

describe('remoteEmbedder', () => {
  it('declares spec v1 and what it was given, and embeds through the call', async () => {
    expect(embedder).toMatchObject({ specificationVersion: 'v1', provider: 'test', dimensions: 2 });
    const { embeddings } = await embedder.doEmbed(['abc']);
    expect(Array.from(embeddings[0]!)).toEqual([3, 1]);
  });

  it('answers an empty batch and rejects an aborted signal or a bad text without calling out', async () => {
    calls.length = 0;
    expect(await embedder.doEmbed([])).toEqual({ embeddings: [] });
    await expect(embedder.doEmbed(['a'], { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await expect(embedder.doEmbed(['a', ''])).rejects.toThrow(InvalidArgumentError);
    await expect(embedder.doEmbed(['a', ''])).rejects.toThrow(/the test API embeds only non-empty/);
    expect(calls).toEqual([]);
  });
});

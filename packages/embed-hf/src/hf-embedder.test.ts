import { InvalidArgumentError } from '@shortlist/core';
import { embedMany } from '@shortlist/core/kit';
import {
  type EmbeddingsServer,
  type HFEmbeddingsBody,
  hfEmbeddingsWire,
  startEmbeddingsServer,
  tokensOf,
  vectorOf,
} from '@shortlist/test-servers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHFEmbedder } from './hf-embedder.js';
import type { HFEmbedderOptions } from './hf-embedder-options.js';

const accessToken = 'hf_TestToken0123456789abcdef';
const wire = hfEmbeddingsWire();
let server: EmbeddingsServer<HFEmbeddingsBody>;

beforeAll(async () => {
  server = await startEmbeddingsServer({ wire });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const local = (options: Partial<HFEmbedderOptions> = {}) =>
  createHFEmbedder({
    model: 'BAAI/bge-small-en-v1.5',
    accessToken,
    endpointUrl: server.url,
    dimensions: 8,
    ...options,
  });

function unit(vector: ArrayLike<number>): number[] {
  const norm = Math.hypot(...Array.from(vector));
  return Array.from(vector, (v) => v / norm);
}

function expectVector(actual: Float32Array | undefined, expected: ArrayLike<number>): void {
  expect(actual).toBeInstanceOf(Float32Array);
  expect(actual!.length).toBe(expected.length);
  Array.from(expected).forEach((v, i) => {
    expect(actual![i]).toBeCloseTo(v, 5);
  });
}

describe('createHFEmbedder against a local feature-extraction server', () => {
  it('declares the model and its known dimensions', () => {
    expect(createHFEmbedder({ model: 'sentence-transformers/all-MiniLM-L6-v2' })).toMatchObject({
      specificationVersion: 'v1',
      provider: 'huggingface',
      modelId: 'sentence-transformers/all-MiniLM-L6-v2',
      dimensions: 384,
      maxBatchSize: 32,
      maxConcurrency: 2,
    });
    expect(createHFEmbedder({ model: 'BAAI/bge-small-en-v1.5' }).dimensions).toBe(384);
  });

  it('sends what the SDK sends for endpointUrl and returns unit vectors in order', async () => {
    const texts = ['send an email', 'book a flight'];
    const { embeddings } = await local().doEmbed(texts);
    expect(server.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/embed',
        body: { inputs: texts },
        authorization: `Bearer ${accessToken}`,
        contentType: 'application/json',
      }),
    ]);
    texts.forEach((text, i) => {
      expectVector(embeddings[i], unit(vectorOf(text, 8)));
    });
  });

  it('returns raw vectors when normalize is false and passes truncate through', async () => {
    const { embeddings } = await local({ normalize: false, truncate: true }).doEmbed(['abc']);
    expect(server.requests[0]!.body).toEqual({ inputs: ['abc'], truncate: true });
    expectVector(embeddings[0], vectorOf('abc', 8));
  });

  it('sends no Authorization header to an endpoint when no token is set', async () => {
    const embedder = createHFEmbedder({
      model: 'my-model',
      dimensions: 8,
      endpointUrl: server.url,
    });
    const saved = process.env.HF_TOKEN;
    delete process.env.HF_TOKEN;
    try {
      await embedder.doEmbed(['x']);
    } finally {
      if (saved !== undefined) process.env.HF_TOKEN = saved;
    }
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it('routes through an Inference Provider as the SDK does without endpointUrl', async () => {
    // Users may pass their own fetch; this one sends the Hub and router hosts to the test server.
    const rerouted: typeof fetch = (input, init) =>
      fetch(String(input).replace(/^https:\/\/(router\.)?huggingface\.co/, server.origin), init);
    const embedder = createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      dimensions: 8,
      accessToken,
      fetch: rerouted,
    });
    const { embeddings } = await embedder.doEmbed(['via provider']);
    expect(wire.hubRequests[0]).toMatch(/^\/api\/models\/BAAI\/bge-small-en-v1\.5\?/);
    expect(server.requests[0]).toMatchObject({
      url: '/hf-inference/models/BAAI/bge-small-en-v1.5/pipeline/feature-extraction',
      body: { inputs: ['via provider'] },
      authorization: `Bearer ${accessToken}`,
    });
    expectVector(embeddings[0], unit(vectorOf('via provider', 8)));
  });

  describe.each([
    ['pooled', 'number[][]'],
    ['tokens', 'number[][][] (per token)'],
    ['nested', 'number[][][][] (per token under a batch of one)'],
  ] as const)('a %s batch, %s', (shape, _layout) => {
    it('gives one vector per text, mean-pooled where needed', async () => {
      wire.shape = shape;
      const texts = ['alpha', 'beta', 'gamma'];
      const { embeddings } = await local({ normalize: false }).doEmbed(texts);
      texts.forEach((text, i) => {
        expectVector(embeddings[i], vectorOf(text, 8));
      });
    });
  });

  it.each([
    ['single', 'number[]'],
    ['tokens-single', 'number[][] of one text’s tokens'],
    ['tokens', 'number[][][] of one text'],
  ] as const)('one text answered as %s (%s)', async (shape, _layout) => {
    wire.shape = shape;
    const { embeddings } = await local({ normalize: false }).doEmbed(['solo']);
    expect(embeddings).toHaveLength(1);
    expectVector(embeddings[0], vectorOf('solo', 8));
  });

  it('takes the first token with cls pooling', async () => {
    wire.shape = 'tokens';
    const { embeddings } = await local({ normalize: false, pooling: 'cls' }).doEmbed(['a', 'b']);
    expectVector(embeddings[1], tokensOf('b', 8)[0]!);
  });

  it('splits a doEmbed call into maxBatchSize requests and reports progress', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `t${i}`);
    const done: number[] = [];
    const { embeddings } = await local({ maxBatchSize: 3 }).doEmbed(texts, {
      onProgress: (p) => done.push(p.done),
    });
    expect(server.requests.map((r) => (r.body.inputs as string[]).length)).toEqual([3, 3, 1]);
    expect(done).toEqual([0, 3, 6, 7]);
    expectVector(embeddings[6], unit(vectorOf('t6', 8)));
  });

  it('embeds 5,000 texts through embedMany in batches of maxBatchSize, in order', async () => {
    const texts = Array.from({ length: 5000 }, (_, i) => `tool ${i}`);
    const vectors = await embedMany(local({ maxBatchSize: 250, concurrency: 4 }), texts);
    expect(server.requests).toHaveLength(20);
    expect(server.requests.every((r) => (r.body.inputs as string[]).length === 250)).toBe(true);
    vectors.forEach((vector, i) => {
      expect(Array.from(vector)).toEqual(
        Array.from(Float32Array.from(unit(vectorOf(texts[i]!, 8)))),
      );
    });
  });

  it('returns nothing and sends nothing for no texts', async () => {
    expect((await local().doEmbed([])).embeddings).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects an empty text before calling the server', async () => {
    await expect(local().doEmbed([''])).rejects.toSatisfy(
      (e) => InvalidArgumentError.isInstance(e) && e.argument === 'texts[0]',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('createHFEmbedder options', () => {
  const invalid = (options: HFEmbedderOptions, argument: string) =>
    expect(() => createHFEmbedder(options)).toThrow(
      expect.objectContaining({ code: 'invalid-argument', argument }),
    );

  it('requires a model, and dimensions for a model it does not know', () => {
    invalid({} as HFEmbedderOptions, 'createHFEmbedder(options.model)');
    invalid({ model: 'someone/new-model' }, 'createHFEmbedder(options.dimensions)');
    expect(() => createHFEmbedder({ model: 'someone/new-model' })).toThrow(/set dimensions/);
  });

  it('rejects unusable values', () => {
    invalid({ model: 'm', dimensions: 0 }, 'createHFEmbedder(options.dimensions)');
    invalid(
      { model: 'm', dimensions: 8, maxBatchSize: 0 },
      'createHFEmbedder(options.maxBatchSize)',
    );
    invalid(
      { model: 'm', dimensions: 8, endpointUrl: 'localhost:80' },
      'createHFEmbedder(options.endpointUrl)',
    );
    invalid(
      { model: 'm', dimensions: 8, pooling: 'max' as 'mean' },
      'createHFEmbedder(options.pooling)',
    );
  });
});

describe('retries done by this package (the SDK only re-sends 503 at once, unbounded)', () => {
  it('backs off exponentially from retryDelayMs without retry-after', async () => {
    server.script({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    await local({ retryDelayMs: 100, maxRetries: 2 }).doEmbed(['a']);
    const [first, second, third] = server.requests.map((r) => r.receivedAt);
    expect(second! - first!).toBeGreaterThanOrEqual(70);
    expect(third! - second!).toBeGreaterThanOrEqual(145);
  });

  it('says how long the server asked to wait when that ends the retries', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } });
    const error = await local()
      .doEmbed(['a'])
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/asked to wait 3600 s/);
  });
});

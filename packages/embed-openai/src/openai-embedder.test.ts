import { InvalidArgumentError } from '@shortlist/core';
import { embedMany } from '@shortlist/core/kit';
import {
  type EmbeddingsServer,
  type OpenAIEmbeddingsBody,
  openAIEmbeddingsWire,
  startEmbeddingsServer,
  vectorOf,
} from '@shortlist/test-servers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';
import type { EmbedWarning } from './openai-embedder-options.js';
import { countTokens } from './token-batches.js';

const apiKey = 'sk-test-0123456789abcdef';
let server: EmbeddingsServer<OpenAIEmbeddingsBody>;

beforeAll(async () => {
  server = await startEmbeddingsServer({ wire: openAIEmbeddingsWire });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const local = (options: Parameters<typeof createOpenAIEmbedder>[0] = {}) =>
  createOpenAIEmbedder({ apiKey, baseURL: server.url, dimensions: 8, ...options });

/** A text of exactly `tokens` cl100k_base tokens, checked with the real tokenizer. */
function textOfTokens(tokens: number, word = ' hello'): string {
  const text = 'start' + word.repeat(tokens - 1);
  expect(countTokens(text)).toBe(tokens);
  return text;
}

describe('createOpenAIEmbedder against a local OpenAI-compatible server', () => {
  it('declares the model, its native dimensions and the batch limits', () => {
    const embedder = createOpenAIEmbedder({ apiKey, concurrency: 3 });
    expect(embedder).toMatchObject({
      specificationVersion: 'v1',
      provider: 'openai',
      modelId: 'text-embedding-3-small',
      dimensions: 1536,
      maxBatchSize: 2048,
      maxConcurrency: 3,
    });
    expect(createOpenAIEmbedder({ apiKey, model: 'text-embedding-3-large' }).dimensions).toBe(3072);
    expect(createOpenAIEmbedder({ apiKey, model: 'text-embedding-ada-002' }).dimensions).toBe(1536);
  });

  it('sends the key, model and dimensions, and returns the server vectors in order (base64 by default)', async () => {
    const texts = ['send an email', 'book a flight', 'refund a payment'];
    const { embeddings, usage } = await local().doEmbed(texts);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.authorization).toBe(`Bearer ${apiKey}`);
    expect(request!.body).toMatchObject({
      model: 'text-embedding-3-small',
      input: texts,
      encoding_format: 'base64',
      dimensions: 8,
    });
    expect(embeddings.map((v) => Array.from(v))).toEqual(
      texts.map((t) => Array.from(vectorOf(t, 8))),
    );
    expect(embeddings[0]).toBeInstanceOf(Float32Array);
    expect(usage).toEqual({ tokens: texts.join('').length });
  });

  it('reads float vectors when encodingFormat is float', async () => {
    const { embeddings } = await local({ encodingFormat: 'float' }).doEmbed(['alpha', 'beta']);
    expect(server.requests[0]!.body.encoding_format).toBe('float');
    expect(Array.from(embeddings[1]!)).toEqual(Array.from(vectorOf('beta', 8)));
  });

  it('does not send dimensions to models that only declare them', async () => {
    const embedder = local({ model: 'nomic-embed-text', dimensions: 8 });
    await embedder.doEmbed(['x']);
    expect(server.requests[0]!.body).not.toHaveProperty('dimensions');
    expect(server.requests[0]!.body.model).toBe('nomic-embed-text');
  });

  it('places vectors by the response index, not by position', async () => {
    server.script({ kind: 'rewrite', items: (items) => [...items].reverse() });
    const texts = ['one', 'two', 'three', 'four'];
    const { embeddings } = await local().doEmbed(texts);
    expect(embeddings.map((v) => Array.from(v))).toEqual(
      texts.map((t) => Array.from(vectorOf(t, 8))),
    );
  });

  it('returns nothing and sends nothing for no texts', async () => {
    expect((await local().doEmbed([])).embeddings).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects an empty text before calling the API', async () => {
    await expect(local().doEmbed(['ok', ''])).rejects.toSatisfy(
      (e) => InvalidArgumentError.isInstance(e) && e.argument === 'texts[1]',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('embeds 5,000 texts through embedMany in maxBatchSize requests, all in order', async () => {
    const texts = Array.from({ length: 5000 }, (_, i) => `tool number ${i}`);
    const embedder = local({ maxBatchSize: 500, concurrency: 3 });
    const vectors = await embedMany(embedder, texts);
    expect(server.requests.map((r) => r.body.input.length)).toEqual(new Array(10).fill(500));
    expect(server.requests.flatMap((r) => r.body.input).sort()).toEqual([...texts].sort());
    vectors.forEach((vector, i) => {
      expect(Array.from(vector)).toEqual(Array.from(vectorOf(texts[i]!, 8)));
    });
  });

  it('splits one doEmbed by the per-request token limit, counted with cl100k_base', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => textOfTokens(300 + i));
    const progress: number[] = [];
    const { embeddings } = await local({ maxTokensPerRequest: 1000 }).doEmbed(texts, {
      onProgress: (p) => progress.push(p.done),
    });
    const sizes = server.requests.map((r) => r.body.input.length);
    expect(sizes).toEqual([3, 3, 3, 1]);
    for (const request of server.requests) {
      const tokens = request.body.input.reduce((sum, text) => sum + countTokens(text), 0);
      expect(tokens).toBeLessThanOrEqual(1000);
    }
    expect(progress).toEqual([0, 3, 6, 9, 10]);
    expect(Array.from(embeddings[9]!)).toEqual(Array.from(vectorOf(texts[9]!, 8)));
  });

  it('truncates an input over maxInputTokens by token count and warns', async () => {
    const warnings: EmbedWarning[] = [];
    const long = textOfTokens(120);
    const embedder = local({ maxInputTokens: 50, onWarning: (w) => warnings.push(w) });
    const { embeddings } = await embedder.doEmbed(['short', long]);
    const sent = server.requests[0]!.body.input;
    expect(sent[0]).toBe('short');
    expect(countTokens(sent[1]!)).toBe(50);
    expect(long.startsWith(sent[1]!)).toBe(true);
    expect(warnings).toEqual([
      expect.objectContaining({ type: 'input-truncated', index: 1, tokens: 120 }),
    ]);
    expect(warnings[0]!.message).toMatch(/120 tokens.*50-token/);
    expect(Array.from(embeddings[1]!)).toEqual(Array.from(vectorOf(sent[1]!, 8)));
  });

  it('truncates at the real 8,192-token default', async () => {
    const warnings: EmbedWarning[] = [];
    const long = textOfTokens(9000);
    await local({ onWarning: (w) => warnings.push(w) }).doEmbed([long]);
    expect(countTokens(server.requests[0]!.body.input[0]!)).toBe(8192);
    expect(warnings).toHaveLength(1);
  });

  it('treats special-token text such as <|endoftext|> as ordinary text', async () => {
    const { embeddings } = await local().doEmbed(['before <|endoftext|> after']);
    expect(server.requests[0]!.body.input).toEqual(['before <|endoftext|> after']);
    expect(embeddings).toHaveLength(1);
  });
});

describe('createOpenAIEmbedder options', () => {
  const invalid = (options: Parameters<typeof createOpenAIEmbedder>[0], argument: string) =>
    expect(() => createOpenAIEmbedder(options)).toThrow(
      expect.objectContaining({ code: 'invalid-argument', argument }),
    );

  it('requires dimensions for a model it does not know', () => {
    invalid({ model: 'nomic-embed-text' }, 'createOpenAIEmbedder(options.dimensions)');
    expect(() => createOpenAIEmbedder({ model: 'nomic-embed-text' })).toThrow(/set dimensions/);
  });

  it('rejects dimensions a model cannot return', () => {
    invalid({ dimensions: 4096 }, 'createOpenAIEmbedder(options.dimensions)');
    invalid(
      { model: 'text-embedding-ada-002', dimensions: 256 },
      'createOpenAIEmbedder(options.dimensions)',
    );
  });

  it('rejects limits that are not positive integers or contradict each other', () => {
    invalid({ maxBatchSize: 0 }, 'createOpenAIEmbedder(options.maxBatchSize)');
    invalid({ timeoutMs: 1.5 }, 'createOpenAIEmbedder(options.timeoutMs)');
    invalid({ maxRetries: -1 }, 'createOpenAIEmbedder(options.maxRetries)');
    invalid(
      { maxInputTokens: 9000, maxTokensPerRequest: 8000 },
      'createOpenAIEmbedder(options.maxInputTokens)',
    );
    invalid({ encodingFormat: 'hex' as 'float' }, 'createOpenAIEmbedder(options.encodingFormat)');
  });
});

describe('a hostile input', () => {
  it('truncates a 1,000,000-character word without counting all of it', async () => {
    const warnings: EmbedWarning[] = [];
    const huge = 'x'.repeat(1_000_000);
    await local({ onWarning: (warning) => warnings.push(warning) }).doEmbed([huge]);
    const sent = server.requests[0]!.body.input[0]!;
    expect(huge.startsWith(sent)).toBe(true);
    expect(countTokens(sent)).toBeLessThanOrEqual(8192);
    expect(countTokens(sent)).toBeGreaterThan(8000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /has more than \d+ tokens, over the 8192-token input limit/,
    );
  });
});

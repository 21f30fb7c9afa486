import { InvalidArgumentError } from '@shortlist/core';
import {
  type EmbeddingsServer,
  type OpenAIEmbeddingsBody,
  openAIEmbeddingsWire,
  startEmbeddingsServer,
  vectorOf,
} from '@shortlist/test-servers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openaiEmbedder } from './default-embedder.js';

let server: EmbeddingsServer<OpenAIEmbeddingsBody>;
beforeAll(async () => {
  server = await startEmbeddingsServer({ wire: openAIEmbeddingsWire, dimensions: 1536 });
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('openaiEmbedder (the ready default)', () => {
  it('imports without a key and rejects on first use saying to set OPENAI_API_KEY', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    expect(openaiEmbedder.modelId).toBe('text-embedding-3-small');
    expect(openaiEmbedder.dimensions).toBe(1536);
    const error = await openaiEmbedder.doEmbed(['hello']).catch((e: unknown) => e);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/set the OPENAI_API_KEY environment variable/);
  });

  it('reads the key set after import, when it first embeds', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-set-after-import-123456');
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    const { embeddings } = await openaiEmbedder.doEmbed(['hello']);
    expect(server.requests[0]!.authorization).toBe('Bearer sk-set-after-import-123456');
    expect(server.requests[0]!.body.dimensions).toBeUndefined();
    expect(Array.from(embeddings[0]!)).toEqual(Array.from(vectorOf('hello', 1536)));
  });
});

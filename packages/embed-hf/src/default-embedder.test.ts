import { InvalidArgumentError } from '@shortlist/core';
import {
  type EmbeddingsServer,
  type HFEmbeddingsBody,
  hfEmbeddingsWire,
  startEmbeddingsServer,
} from '@shortlist/test-servers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hfEmbedder } from './default-embedder.js';
import { createHFEmbedder } from './hf-embedder.js';

const wire = hfEmbeddingsWire();
let server: EmbeddingsServer<HFEmbeddingsBody>;
beforeAll(async () => {
  server = await startEmbeddingsServer({ wire });
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('hfEmbedder (the ready default) and the lazy token', () => {
  it('imports without a token and rejects on first use saying to set HF_TOKEN', async () => {
    vi.stubEnv('HF_TOKEN', '');
    expect(hfEmbedder.modelId).toBe('sentence-transformers/all-MiniLM-L6-v2');
    expect(hfEmbedder.dimensions).toBe(384);
    const error = await hfEmbedder.doEmbed(['hello']).catch((e: unknown) => e);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/set the HF_TOKEN environment variable/);
  });

  it('reads HF_TOKEN set after the embedder was created, when it first embeds', async () => {
    const embedder = createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      dimensions: 8,
      endpointUrl: server.url,
    });
    vi.stubEnv('HF_TOKEN', 'hf_SetAfterCreation123');
    await embedder.doEmbed(['hello']);
    expect(server.requests[0]!.authorization).toBe('Bearer hf_SetAfterCreation123');
  });
});

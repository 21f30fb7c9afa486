import { ApiCallError } from '@shortlist/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHFEmbedder } from './hf-embedder.js';
import { type HFTestServer, startHFServer } from './test-hf-server.js';

let server: HFTestServer;
beforeAll(async () => {
  server = await startHFServer();
});
afterAll(() => server.close());

describe('a Hugging Face response of zero vectors', () => {
  it('is an invalid-response ApiCallError', async () => {
    const embedder = createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      accessToken: 'hf_test',
      endpointUrl: server.endpointUrl,
      dimensions: 8,
      maxRetries: 0,
    });
    server.script({
      kind: 'rewrite',
      output: (output) => output.map((vector) => (vector as number[]).map(() => 0)),
    });
    const error = await embedder.doEmbed(['send email', 'get weather']).catch((e: unknown) => e);
    expect(ApiCallError.isInstance(error)).toBe(true);
    expect((error as ApiCallError).reason).toBe('invalid-response');
    expect((error as Error).message).toMatch(/zeros only for input 0/);
  });
});

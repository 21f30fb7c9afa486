import { ApiCallError, cached, memoryStore } from '@shortlist/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';
import { type OpenAITestServer, startOpenAIServer } from './test-openai-server.js';

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

describe('an OpenAI response of zero vectors', () => {
  it('is an invalid-response ApiCallError, and nothing is cached', async () => {
    const store = memoryStore();
    const embedder = cached(
      createOpenAIEmbedder({
        apiKey: 'sk-test',
        baseURL: server.baseURL,
        dimensions: 8,
        maxRetries: 0,
      }),
      { store },
    );
    server.script({
      kind: 'rewrite',
      items: (items) =>
        items.map((item, i) =>
          i === 1 ? { ...item, embedding: item.embedding.map(() => 0) } : item,
        ),
    });
    const error = await embedder.doEmbed(['send email', 'get weather']).catch((e: unknown) => e);
    expect(ApiCallError.isInstance(error)).toBe(true);
    expect((error as ApiCallError).reason).toBe('invalid-response');
    expect((error as Error).message).toMatch(/zeros only at index 1/);
    // Nothing was cached: the retry asks the server for both texts again.
    const again = await embedder.doEmbed(['send email', 'get weather']);
    expect(again.embeddings[1]!.some((v) => v !== 0)).toBe(true);
    expect(server.requests.map((request) => request.body.input)).toEqual([
      ['send email', 'get weather'],
      ['send email', 'get weather'],
    ]);
  });
});

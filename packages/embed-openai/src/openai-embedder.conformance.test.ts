import { describeEmbedder } from '@shortlist/conformance';
import { afterAll, beforeAll } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';
import { type OpenAITestServer, startOpenAIServer } from './test-openai-server.js';

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

describeEmbedder('createOpenAIEmbedder (local server, base64)', {
  create: () =>
    createOpenAIEmbedder({ apiKey: 'sk-conformance-key', baseURL: server.baseURL, dimensions: 16 }),
});

describeEmbedder('createOpenAIEmbedder (local server, float, batches of 2)', {
  create: () =>
    createOpenAIEmbedder({
      apiKey: 'sk-conformance-key',
      baseURL: server.baseURL,
      model: 'nomic-embed-text',
      dimensions: 8,
      encodingFormat: 'float',
      maxBatchSize: 2,
    }),
});

import { describeEmbedder } from '@shortlist/conformance';
import {
  type EmbeddingsServer,
  type OpenAIEmbeddingsBody,
  openAIEmbeddingsWire,
  startEmbeddingsServer,
} from '@shortlist/test-servers';
import { afterAll, beforeAll } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';

let server: EmbeddingsServer<OpenAIEmbeddingsBody>;
beforeAll(async () => {
  server = await startEmbeddingsServer({ wire: openAIEmbeddingsWire });
});
afterAll(() => server.close());

describeEmbedder('createOpenAIEmbedder (local server, base64)', {
  create: () =>
    createOpenAIEmbedder({ apiKey: 'sk-conformance-key', baseURL: server.url, dimensions: 16 }),
});

describeEmbedder('createOpenAIEmbedder (local server, float, batches of 2)', {
  create: () =>
    createOpenAIEmbedder({
      apiKey: 'sk-conformance-key',
      baseURL: server.url,
      model: 'nomic-embed-text',
      dimensions: 8,
      encodingFormat: 'float',
      maxBatchSize: 2,
    }),
});

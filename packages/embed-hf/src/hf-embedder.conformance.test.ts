import { describeEmbedder } from '@shortlist/conformance';
import { afterAll, beforeAll } from 'vitest';
import { createHFEmbedder } from './hf-embedder.js';
import { type HFTestServer, startHFServer } from './test-hf-server.js';

let server: HFTestServer;
beforeAll(async () => {
  server = await startHFServer({ dimensions: 16 });
});
afterAll(() => server.close());

describeEmbedder('createHFEmbedder (local endpoint, pooled output)', {
  create: () =>
    createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      dimensions: 16,
      accessToken: 'hf_conformance',
      endpointUrl: server.endpointUrl,
    }),
});

describeEmbedder('createHFEmbedder (local endpoint, per-token output, batches of 2)', {
  create: () => {
    server.shape = 'tokens';
    return createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      dimensions: 16,
      accessToken: 'hf_conformance',
      endpointUrl: server.endpointUrl,
      maxBatchSize: 2,
    });
  },
});

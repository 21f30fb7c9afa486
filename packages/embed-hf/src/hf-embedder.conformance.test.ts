import { describeEmbedder } from '@shortlist/conformance';
import {
  type EmbeddingsServer,
  type HFEmbeddingsBody,
  hfEmbeddingsWire,
  startEmbeddingsServer,
} from '@shortlist/test-servers';
import { afterAll, beforeAll } from 'vitest';
import { createHFEmbedder } from './hf-embedder.js';

const wire = hfEmbeddingsWire();
let server: EmbeddingsServer<HFEmbeddingsBody>;
beforeAll(async () => {
  server = await startEmbeddingsServer({ wire, dimensions: 16 });
});
afterAll(() => server.close());

describeEmbedder('createHFEmbedder (local endpoint, pooled output)', {
  create: () =>
    createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      dimensions: 16,
      accessToken: 'hf_conformance',
      endpointUrl: server.url,
    }),
});

describeEmbedder('createHFEmbedder (local endpoint, per-token output, batches of 2)', {
  create: () => {
    wire.shape = 'tokens';
    return createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      dimensions: 16,
      accessToken: 'hf_conformance',
      endpointUrl: server.url,
      maxBatchSize: 2,
    });
  },
});

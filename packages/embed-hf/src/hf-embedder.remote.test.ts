import { describeRemoteEmbedder } from '@shortlist/conformance';
import { hfEmbeddingsWire, startEmbeddingsServer } from '@shortlist/test-servers';
import { createHFEmbedder } from './hf-embedder.js';

describeRemoteEmbedder('createHFEmbedder', {
  startServer: () => startEmbeddingsServer({ wire: hfEmbeddingsWire() }),
  create: ({ url, secret, dimensions, maxRetries, timeoutMs }) =>
    createHFEmbedder({
      model: 'BAAI/bge-small-en-v1.5',
      accessToken: secret,
      endpointUrl: url,
      dimensions,
      normalize: false,
      maxRetries,
      retryDelayMs: 100,
      timeoutMs,
    }),
  secret: 'hf_SECRETtoken0123456789',
  keyHint: /HF_TOKEN/,
  indexed: false,
  // retryDelayMs less up to 25% jitter.
  minBackoffMs: 70,
});

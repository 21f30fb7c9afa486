import { describeRemoteEmbedder } from '@shortlist/conformance';
import { openAIEmbeddingsWire, startEmbeddingsServer } from '@shortlist/test-servers';
import { createOpenAIEmbedder } from './openai-embedder.js';

describeRemoteEmbedder('createOpenAIEmbedder', {
  startServer: () => startEmbeddingsServer({ wire: openAIEmbeddingsWire }),
  create: ({ url, secret, dimensions, maxRetries, timeoutMs }) =>
    createOpenAIEmbedder({ apiKey: secret, baseURL: url, dimensions, maxRetries, timeoutMs }),
  secret: 'sk-proj-SECRET0123456789abcdefXYZ',
  keyHint: /OPENAI_API_KEY/,
  indexed: true,
  // The SDK's first backoff: 0.5 s less up to 25% jitter.
  minBackoffMs: 370,
});

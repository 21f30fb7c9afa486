import { expect, it } from 'vitest';

// The surface the adapter tests share: this list changes only on purpose.
it('exports exactly the shared servers and their plumbing', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'faultQueue',
    'freePort',
    'functionCall',
    'hfEmbeddingsWire',
    'malformed',
    'mcpInitialize',
    'message',
    'openAIEmbeddingsWire',
    'overloaded',
    'rateLimited',
    'sendFault',
    'sendHalfJson',
    'sendJson',
    'sendMcpRequest',
    'stalled',
    'startAnthropicServer',
    'startEmbeddingsServer',
    'startHttpServer',
    'startOpenAIServer',
    'startRedisServer',
    'tableRows',
    'tokensOf',
    'toolSearchCall',
    'vectorOf',
    'wordTrigramVector',
  ]);
});

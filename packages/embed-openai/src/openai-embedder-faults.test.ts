import { inspect } from 'node:util';
import { ApiCallError } from '@shortlist/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';
import { type OpenAITestServer, startOpenAIServer, vectorOf } from './test-openai-server.js';

const apiKey = 'sk-proj-SECRET0123456789abcdefXYZ';
let server: OpenAITestServer;

beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const local = (options: Parameters<typeof createOpenAIEmbedder>[0] = {}) =>
  createOpenAIEmbedder({
    apiKey,
    baseURL: server.baseURL,
    dimensions: 8,
    maxRetries: 2,
    timeoutMs: 2000,
    ...options,
  });

const fast = { 'retry-after-ms': '5' };

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(ApiCallError.isInstance(error)).toBe(true);
  return error as ApiCallError;
}

function expectNoKey(error: unknown): void {
  expect(String(error)).not.toContain(apiKey);
  expect(JSON.stringify(error)).not.toContain(apiKey);
  expect(inspect(error, { depth: 10 })).not.toContain(apiKey);
  expect(inspect(error, { depth: 10 })).not.toContain('SECRET');
}

describe('authentication failures', () => {
  it.each([401, 403])(
    '%i is an authentication error that says to check the key and never shows it',
    async (status) => {
      server.script({
        kind: 'status',
        status,
        body: {
          error: { message: `Incorrect API key provided: ${apiKey}`, code: 'invalid_api_key' },
        },
      });
      const error = await failure(local().doEmbed(['hello']));
      expect(error).toMatchObject({ reason: 'authentication', status, retryable: false });
      expect(error.message).toMatch(/OPENAI_API_KEY/);
      expectNoKey(error);
      expect(server.requests).toHaveLength(1);
    },
  );
});

describe('retries through the SDK', () => {
  it('retries 429 and 5xx, then returns the right vectors', async () => {
    server.script(
      { kind: 'status', status: 429, headers: fast },
      { kind: 'status', status: 500, headers: fast },
      { kind: 'status', status: 503, headers: fast },
    );
    const { embeddings } = await local({ maxRetries: 3 }).doEmbed(['a', 'b']);
    expect(server.requests).toHaveLength(4);
    expect(server.requests.map((r) => r.retryCount)).toEqual(['0', '1', '2', '3']);
    expect(Array.from(embeddings[1]!)).toEqual(Array.from(vectorOf('b', 8)));
  });

  it('waits as long as retry-after says (seconds)', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
    await local().doEmbed(['a']);
    expect(server.requests).toHaveLength(2);
    const waited = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(990);
  });

  it('waits as long as retry-after-ms says', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after-ms': '300' } });
    await local().doEmbed(['a']);
    const waited = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(295);
  });

  it('backs off by itself when the server gives no retry-after', async () => {
    server.script({ kind: 'status', status: 500 });
    await local({ maxRetries: 1 }).doEmbed(['a']);
    const waited = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    // The SDK's first backoff is 0.5 s less up to 25% jitter.
    expect(waited).toBeGreaterThanOrEqual(370);
  });

  it('gives up after maxRetries with a retryable rate-limit error', async () => {
    const limited = { kind: 'status', status: 429, headers: fast } as const;
    server.script(limited, limited, limited);
    const error = await failure(local({ maxRetries: 2 }).doEmbed(['a']));
    expect(error).toMatchObject({
      reason: 'rate-limit',
      status: 429,
      retryable: true,
      provider: 'openai',
    });
    expect(server.requests).toHaveLength(3);
    expectNoKey(error);
  });

  it('gives up after maxRetries with a retryable server error', async () => {
    const broken = { kind: 'status', status: 502, headers: fast } as const;
    server.script(broken, broken);
    const error = await failure(local({ maxRetries: 1 }).doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'server', status: 502, retryable: true });
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a bad request', async () => {
    server.script({ kind: 'status', status: 400, body: { error: { message: 'input too long' } } });
    const error = await failure(local().doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'bad-request', status: 400, retryable: false });
    expect(error.message).toContain('input too long');
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it('retries a response slower than timeoutMs and succeeds when the next is on time', async () => {
    server.script({ kind: 'slow', delayMs: 600 });
    const { embeddings } = await local({ timeoutMs: 150, maxRetries: 1 }).doEmbed(['a']);
    expect(server.requests).toHaveLength(2);
    expect(Array.from(embeddings[0]!)).toEqual(Array.from(vectorOf('a', 8)));
  });

  it('surfaces a timeout error when every attempt is too slow', async () => {
    server.script({ kind: 'slow', delayMs: 600 }, { kind: 'slow', delayMs: 600 });
    const error = await failure(local({ timeoutMs: 150, maxRetries: 1 }).doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true, status: undefined });
    expect(error.message).toMatch(/150 ms/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('bad responses are typed errors, never misaligned vectors', () => {
  it('a body cut off mid-way', async () => {
    // A cut body is retried like a broken connection, so every attempt is cut here.
    server.script({ kind: 'truncate' }, { kind: 'truncate' }, { kind: 'truncate' });
    const error = await failure(local().doEmbed(['a', 'b']));
    expect(error.reason).toBe('invalid-response');
    expect(server.requests).toHaveLength(3);
  });

  it('a body that is not JSON', async () => {
    server.script({ kind: 'not-json' });
    const error = await failure(local().doEmbed(['a']));
    expect(error.reason).toBe('invalid-response');
  });

  it('fewer vectors than inputs', async () => {
    server.script({ kind: 'rewrite', items: (items) => items.slice(1) });
    const error = await failure(local().doEmbed(['a', 'b', 'c']));
    expect(error).toMatchObject({ reason: 'invalid-response', retryable: false });
    expect(error.message).toMatch(/2 embeddings for 3 inputs/);
  });

  it('a missing index', async () => {
    server.script({
      kind: 'rewrite',
      items: (items) => items.map((item, i) => (i === 1 ? { ...item, index: undefined } : item)),
    });
    const error = await failure(local().doEmbed(['a', 'b']));
    expect(error.reason).toBe('invalid-response');
  });

  it('a repeated index', async () => {
    server.script({
      kind: 'rewrite',
      items: (items) => items.map((item) => ({ ...item, index: 0 })),
    });
    const error = await failure(local().doEmbed(['a', 'b']));
    expect(error.message).toMatch(/two items with index 0/);
  });

  it('a vector of the wrong dimension', async () => {
    server.script({
      kind: 'rewrite',
      items: (items) => items.map((item) => ({ ...item, embedding: item.embedding.slice(0, 4) })),
    });
    const error = await failure(local({ encodingFormat: 'float' }).doEmbed(['a']));
    expect(error.reason).toBe('invalid-response');
    expect(error.message).toMatch(/4 dimensions at index 0, expected 8/);
  });
});

describe('abort', () => {
  it('rejects with the signal reason while the request is in flight', async () => {
    server.script({ kind: 'hang' });
    const controller = new AbortController();
    const reason = new Error('user gave up');
    const pending = local().doEmbed(['a'], { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects at once while the SDK waits out a long retry-after', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const controller = new AbortController();
    const pending = local().doEmbed(['a'], { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    await expect(local().doEmbed(['a'], { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(server.requests).toHaveLength(0);
  });
});

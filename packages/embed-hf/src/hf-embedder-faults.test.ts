import { inspect } from 'node:util';
import { ApiCallError } from '@shortlist/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHFEmbedder } from './hf-embedder.js';
import type { HFEmbedderOptions } from './hf-embedder-options.js';
import { type HFTestServer, startHFServer, vectorOf } from './test-hf-server.js';

const accessToken = 'hf_SECRETtoken0123456789';
let server: HFTestServer;

beforeAll(async () => {
  server = await startHFServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const local = (options: Partial<HFEmbedderOptions> = {}) =>
  createHFEmbedder({
    model: 'BAAI/bge-small-en-v1.5',
    accessToken,
    endpointUrl: server.endpointUrl,
    dimensions: 8,
    normalize: false,
    maxRetries: 2,
    retryDelayMs: 5,
    timeoutMs: 2000,
    ...options,
  });

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(ApiCallError.isInstance(error)).toBe(true);
  return error as ApiCallError;
}

function expectNoToken(error: unknown): void {
  for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 10 })]) {
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain('SECRET');
  }
}

describe('authentication failures', () => {
  it.each([401, 403])(
    '%i says to check the token, never shows it, and is not retried',
    async (status) => {
      server.script({ kind: 'status', status, body: { error: `Invalid token ${accessToken}` } });
      const error = await failure(local().doEmbed(['a']));
      expect(error).toMatchObject({
        reason: 'authentication',
        status,
        retryable: false,
        provider: 'huggingface',
      });
      expect(error.message).toMatch(/HF_TOKEN/);
      expectNoToken(error);
      expect(server.requests).toHaveLength(1);
    },
  );
});

describe('retries (done by this package: the SDK only re-sends 503 at once, unbounded)', () => {
  it('retries 429, 500 and 503, then returns the right vectors', async () => {
    server.script(
      { kind: 'status', status: 429 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 503, body: { error: 'Model is loading', estimated_time: 1 } },
    );
    const { embeddings } = await local({ maxRetries: 3 }).doEmbed(['a', 'b']);
    expect(server.requests).toHaveLength(4);
    expect(Array.from(embeddings[1]!)).toEqual(Array.from(vectorOf('b', 8)));
  });

  it('waits as long as retry-after says (seconds)', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
    await local().doEmbed(['a']);
    const waited = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(990);
  });

  it('waits as long as retry-after-ms says, over its own shorter backoff', async () => {
    server.script({ kind: 'status', status: 503, headers: { 'retry-after-ms': '300' } });
    await local({ retryDelayMs: 1 }).doEmbed(['a']);
    const waited = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(295);
  });

  it('backs off exponentially without retry-after', async () => {
    server.script({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    await local({ retryDelayMs: 100 }).doEmbed(['a']);
    const [first, second, third] = server.requests.map((r) => r.receivedAt);
    expect(second! - first!).toBeGreaterThanOrEqual(70);
    expect(third! - second!).toBeGreaterThanOrEqual(145);
  });

  it('stops after maxRetries with a retryable rate-limit error', async () => {
    const limited = { kind: 'status', status: 429 } as const;
    server.script(limited, limited, limited);
    const error = await failure(local({ maxRetries: 2 }).doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'rate-limit', status: 429, retryable: true });
    expect(error.message).toMatch(/after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it('stops after maxRetries with a retryable server error, even for endless 503s', async () => {
    const loading = { kind: 'status', status: 503, body: { error: 'loading' } } as const;
    server.script(loading, loading, loading, loading, loading);
    const error = await failure(local({ maxRetries: 1 }).doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'server', status: 503, retryable: true });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up at once when retry-after asks for more than a minute', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } });
    const error = await failure(local().doEmbed(['a']));
    expect(error.message).toMatch(/asked to wait 3600 s/);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a bad request', async () => {
    server.script({ kind: 'status', status: 422, body: { error: 'inputs too long' } });
    const error = await failure(local().doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'bad-request', status: 422, retryable: false });
    expect(error.message).toContain('inputs too long');
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it('retries a response slower than timeoutMs', async () => {
    server.script({ kind: 'slow', delayMs: 600 });
    const { embeddings } = await local({ timeoutMs: 150 }).doEmbed(['a']);
    expect(server.requests).toHaveLength(2);
    expect(Array.from(embeddings[0]!)).toEqual(Array.from(vectorOf('a', 8)));
  });

  it('surfaces a timeout when every attempt is too slow', async () => {
    server.script({ kind: 'slow', delayMs: 600 }, { kind: 'slow', delayMs: 600 });
    const error = await failure(local({ timeoutMs: 150, maxRetries: 1 }).doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true, status: undefined });
    expect(error.message).toMatch(/150 ms/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('bad responses are typed errors, never misaligned vectors', () => {
  it('a body cut off mid-way is retried, then reported', async () => {
    server.script({ kind: 'truncate' });
    const { embeddings } = await local().doEmbed(['a']);
    expect(Array.from(embeddings[0]!)).toEqual(Array.from(vectorOf('a', 8)));
    server.script({ kind: 'truncate' }, { kind: 'truncate' }, { kind: 'truncate' });
    const error = await failure(local().doEmbed(['a', 'b']));
    expect(error.reason).toBe('invalid-response');
  });

  it('a body that is not JSON', async () => {
    server.script({ kind: 'not-json' }, { kind: 'not-json' }, { kind: 'not-json' });
    const error = await failure(local().doEmbed(['a']));
    expect(error.reason).toBe('invalid-response');
  });

  it('fewer vectors than inputs', async () => {
    server.script({ kind: 'rewrite', output: (output) => output.slice(1) });
    const error = await failure(local().doEmbed(['a', 'b', 'c']));
    expect(error).toMatchObject({ reason: 'invalid-response', retryable: false });
    expect(error.message).toMatch(/2 outputs for 3 inputs/);
    expect(server.requests).toHaveLength(1);
  });

  it('a vector of the wrong dimension', async () => {
    server.script({
      kind: 'rewrite',
      output: (output) => output.map((v) => (v as number[]).slice(0, 5)),
    });
    const error = await failure(local().doEmbed(['a', 'b']));
    expect(error.reason).toBe('invalid-response');
    expect(error.message).toMatch(/5 dimensions for texts\[0\], expected 8/);
  });

  it('a component too large for a float32, which would have become Infinity', async () => {
    for (const huge of [1e39, -1e39]) {
      server.script({
        kind: 'rewrite',
        output: (output) => [[...(output[0] as number[]).slice(1), huge]],
      });
      const error = await failure(local().doEmbed(['a']));
      expect(error.reason).toBe('invalid-response');
      expect(error.message).toMatch(/too large for a float32/);
    }
  });

  it('a non-numeric component', async () => {
    server.script({
      kind: 'rewrite',
      output: (output) => [[...(output[0] as number[]).slice(1), 'x']],
    });
    const error = await failure(local().doEmbed(['a']));
    expect(error.reason).toBe('invalid-response');
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

  it('rejects at once while waiting out a retry-after', async () => {
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

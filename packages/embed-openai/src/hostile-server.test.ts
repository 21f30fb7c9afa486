import { inspect } from 'node:util';
import { ApiCallError } from '@shortlist/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';
import type { EmbedWarning } from './openai-embedder-options.js';
import { type OpenAITestServer, startOpenAIServer, vectorOf } from './test-openai-server.js';
import { countTokens } from './token-batches.js';

const apiKey = 'sk-proj-SECRET0123456789abcdefXYZ';
let server: OpenAITestServer;

beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const local = (options: Parameters<typeof createOpenAIEmbedder>[0] = {}) =>
  createOpenAIEmbedder({ apiKey, baseURL: server.baseURL, dimensions: 8, ...options });

const failure = async (promise: Promise<unknown>): Promise<ApiCallError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ApiCallError.isInstance(error)).toBe(true);
  return error as ApiCallError;
};

describe('a hostile embeddings server', () => {
  it('cannot hold a call past timeoutMs by stalling the body', async () => {
    server.script({ kind: 'stall-body' }, { kind: 'stall-body' });
    const error = await failure(local({ timeoutMs: 200, maxRetries: 1 }).doEmbed(['a']));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true });
    expect(server.requests).toHaveLength(2);
  });

  it('retries after a stalled body and returns the right vector', async () => {
    server.script({ kind: 'stall-body' });
    const { embeddings } = await local({ timeoutMs: 200, maxRetries: 1 }).doEmbed(['a']);
    expect(Array.from(embeddings[0]!)).toEqual(Array.from(vectorOf('a', 8)));
  });

  it('does not wait out a retry-after over 60 s: the retries end with a rate-limit error', async () => {
    const asks: Record<string, string>[] = [
      { 'retry-after': '3600' },
      { 'retry-after-ms': '3600000' },
    ];
    for (const headers of asks) {
      server.reset();
      server.script({ kind: 'status', status: 429, headers });
      const error = await failure(local({ maxRetries: 3 }).doEmbed(['a']));
      expect(error).toMatchObject({ reason: 'rate-limit', status: 429 });
      expect(server.requests).toHaveLength(1);
    }
  });

  it('retries a body cut off once, returning the right vector', async () => {
    server.script({ kind: 'truncate' });
    const { embeddings } = await local({ maxRetries: 1 }).doEmbed(['b']);
    expect(Array.from(embeddings[0]!)).toEqual(Array.from(vectorOf('b', 8)));
  });

  it('keeps an API key echoed in a response header out of the error, inspected too', async () => {
    server.script({ kind: 'status', status: 400, headers: { 'x-echo-key': apiKey } });
    const error = await failure(local({ maxRetries: 0 }).doEmbed(['a']));
    expect(inspect(error, { depth: 10 })).not.toContain('SECRET');
  });
});

describe('a hostile input', () => {
  it('truncates a 1,000,000-character word without counting all of it', async () => {
    const warnings: EmbedWarning[] = [];
    const huge = 'x'.repeat(1_000_000);
    await local({ onWarning: (warning) => warnings.push(warning) }).doEmbed([huge]);
    const sent = server.requests[0]!.body.input[0]!;
    expect(huge.startsWith(sent)).toBe(true);
    expect(countTokens(sent)).toBeLessThanOrEqual(8192);
    expect(countTokens(sent)).toBeGreaterThan(8000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /has more than \d+ tokens, over the 8192-token input limit/,
    );
  });
});

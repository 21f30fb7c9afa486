import { inspect } from 'node:util';
import { ApiCallError, cached, type EmbedderV1, memoryStore } from '@shortlist/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteEmbeddingsServer, RemoteFault } from './remote-server.js';

/** What the suite sets on the embedder under test. */
export interface RemoteEmbedderSettings {
  /** The local server's URL. */
  readonly url: string;
  /** The key to send; never to appear in an error. */
  readonly secret: string;
  /** Vector length the server sends. */
  readonly dimensions: number;
  readonly maxRetries: number;
  /** Milliseconds one attempt may take. */
  readonly timeoutMs: number;
}

export interface DescribeRemoteEmbedderOptions {
  /** Starts the local server speaking the provider's wire; closed after the suite. */
  readonly startServer: () => Promise<RemoteEmbeddingsServer>;
  /** The embedder under test, pointed at the server with these settings. */
  readonly create: (settings: RemoteEmbedderSettings) => EmbedderV1;
  /** A key shaped like the provider's; must contain `SECRET`. */
  readonly secret: string;
  /** What an authentication error must mention, e.g. /OPENAI_API_KEY/. */
  readonly keyHint: RegExp;
  /** Whether the wire's items carry an index the embedder must place vectors by (OpenAI's do). */
  readonly indexed: boolean;
  /** Shortest first wait the embedder promises without a `retry-after`, in ms. */
  readonly minBackoffMs: number;
}

const dimensions = 8;

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ApiCallError.isInstance(error), String(error)).toBe(true);
  return error as ApiCallError;
}

const vectors = (embeddings: readonly Float32Array[]) => embeddings.map((v) => Array.from(v));

/**
 * The faults every remote embedder survives, run against a real local server: statuses with and
 * without `retry-after`, stalls, cut and malformed bodies, misaligned, short, zero and non-finite
 * vectors, and abort; each ends in the right vectors or a typed `ApiCallError` with no secret in it.
 */
export function describeRemoteEmbedder(name: string, options: DescribeRemoteEmbedderOptions): void {
  const { secret } = options;
  let server: RemoteEmbeddingsServer;
  const local = (settings: Partial<Omit<RemoteEmbedderSettings, 'url' | 'secret'>> = {}) =>
    options.create({
      url: server.url,
      secret,
      dimensions,
      maxRetries: 2,
      timeoutMs: 2000,
      ...settings,
    });
  const expectNoSecret = (error: unknown) => {
    for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 10 })]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('SECRET');
    }
  };
  const waited = (from: number) =>
    server.requests[from + 1]!.receivedAt - server.requests[from]!.receivedAt;
  const fast = { 'retry-after-ms': '5' };

  describe(`${name} (remote embedder faults)`, () => {
    beforeAll(async () => {
      server = await options.startServer();
    });
    afterAll(() => server.close());
    beforeEach(() => server.reset());

    describe('authentication', () => {
      it.each([401, 403])(
        '%i says how to set the key, never shows it, and is not retried',
        async (status) => {
          const said = `Invalid API key provided: ${secret}`;
          server.script({
            kind: 'status',
            status,
            body: { error: { message: said }, message: said },
          });
          const error = await failure(local().doEmbed(['a']));
          expect(error).toMatchObject({ reason: 'authentication', status, retryable: false });
          expect(error.message).toMatch(options.keyHint);
          expectNoSecret(error);
          expect(server.requests).toHaveLength(1);
        },
      );

      it('keeps a key echoed in a response header out of the error, inspected too', async () => {
        server.script({ kind: 'status', status: 400, headers: { 'x-echo-key': secret } });
        expectNoSecret(await failure(local({ maxRetries: 0 }).doEmbed(['a'])));
      });
    });

    describe('retries', () => {
      it('retries 429, 500 and 503, then returns the vectors an undisturbed call returns', async () => {
        const expected = vectors((await local().doEmbed(['a', 'b'])).embeddings);
        server.reset();
        server.script(
          { kind: 'status', status: 429, headers: fast },
          { kind: 'status', status: 500, headers: fast },
          { kind: 'status', status: 503, headers: fast },
        );
        const { embeddings } = await local({ maxRetries: 3 }).doEmbed(['a', 'b']);
        expect(server.requests).toHaveLength(4);
        expect(vectors(embeddings)).toEqual(expected);
      });

      it('waits as long as retry-after says, in seconds or (retry-after-ms) milliseconds', async () => {
        server.script({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
        await local().doEmbed(['a']);
        expect(waited(0)).toBeGreaterThanOrEqual(990);
        server.reset();
        server.script({ kind: 'status', status: 503, headers: { 'retry-after-ms': '300' } });
        await local().doEmbed(['a']);
        expect(waited(0)).toBeGreaterThanOrEqual(295);
      });

      it('backs off by itself when the server gives no retry-after', async () => {
        server.script({ kind: 'status', status: 500 });
        await local({ maxRetries: 1 }).doEmbed(['a']);
        expect(waited(0)).toBeGreaterThanOrEqual(options.minBackoffMs);
      });

      it('gives up at once when retry-after asks for more than a minute', async () => {
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

      it('stops after maxRetries with a retryable rate-limit or server error', async () => {
        const limited = { kind: 'status', status: 429, headers: fast } as const;
        server.script(limited, limited, limited);
        const error = await failure(local({ maxRetries: 2 }).doEmbed(['a']));
        expect(error).toMatchObject({ reason: 'rate-limit', status: 429, retryable: true });
        expect(server.requests).toHaveLength(3);
        expectNoSecret(error);
        server.reset();
        const broken = { kind: 'status', status: 502, headers: fast } as const;
        server.script(broken, broken, broken);
        const last = await failure(local({ maxRetries: 1 }).doEmbed(['a']));
        expect(last).toMatchObject({ reason: 'server', status: 502, retryable: true });
        expect(server.requests).toHaveLength(2);
      });

      it('does not retry a bad request, and passes on what the server said', async () => {
        server.script({ kind: 'status', status: 400 });
        const error = await failure(local().doEmbed(['a']));
        expect(error).toMatchObject({ reason: 'bad-request', status: 400, retryable: false });
        expect(error.message).toContain('scripted failure');
        expect(server.requests).toHaveLength(1);
      });
    });

    describe('slow and stalled servers', () => {
      it('retries an answer slower than timeoutMs, then surfaces a timeout', async () => {
        server.script({ kind: 'slow', delayMs: 600 });
        const { embeddings } = await local({ timeoutMs: 150, maxRetries: 1 }).doEmbed(['a']);
        expect(server.requests).toHaveLength(2);
        expect(embeddings).toHaveLength(1);
        server.reset();
        server.script({ kind: 'slow', delayMs: 600 }, { kind: 'slow', delayMs: 600 });
        const error = await failure(local({ timeoutMs: 150, maxRetries: 1 }).doEmbed(['a']));
        expect(error).toMatchObject({ reason: 'timeout', retryable: true, status: undefined });
        expect(error.message).toMatch(/150 ms/);
        expect(server.requests).toHaveLength(2);
      });

      it('cannot hold a call past timeoutMs by stalling the body', async () => {
        server.script({ kind: 'stall-body' });
        const { embeddings } = await local({ timeoutMs: 200, maxRetries: 1 }).doEmbed(['a']);
        expect(embeddings).toHaveLength(1);
        server.reset();
        server.script({ kind: 'stall-body' }, { kind: 'stall-body' });
        const error = await failure(local({ timeoutMs: 200, maxRetries: 1 }).doEmbed(['a']));
        expect(error).toMatchObject({ reason: 'timeout', retryable: true });
        expect(server.requests).toHaveLength(2);
      });
    });

    describe('bad responses are typed errors, never misaligned vectors', () => {
      it('a body cut off mid-way is retried, then reported', async () => {
        server.script({ kind: 'truncate' });
        expect((await local().doEmbed(['a'])).embeddings).toHaveLength(1);
        server.reset();
        server.script({ kind: 'truncate' }, { kind: 'truncate' }, { kind: 'truncate' });
        const error = await failure(local().doEmbed(['a', 'b']));
        expect(error.reason).toBe('invalid-response');
      });

      it('a body that is not JSON', async () => {
        server.script({ kind: 'not-json' }, { kind: 'not-json' }, { kind: 'not-json' });
        expect((await failure(local().doEmbed(['a']))).reason).toBe('invalid-response');
      });

      const rewritten: [string, RemoteFault, RegExp][] = [
        [
          'fewer vectors than inputs',
          { kind: 'rewrite', items: (items) => items.slice(1) },
          /2 \w+ for 3 inputs/,
        ],
        [
          'a vector of the wrong dimension',
          {
            kind: 'rewrite',
            items: (items) =>
              items.map((item) => ({ ...item, embedding: item.embedding.slice(0, 4) })),
          },
          /4 dimensions.*expected 8/,
        ],
        [
          'a component too large for a float32',
          {
            kind: 'rewrite',
            items: (items) =>
              items.map((item) => ({ ...item, embedding: [...item.embedding.slice(1), 1e39] })),
          },
          /./,
        ],
        [
          'a non-numeric component',
          {
            kind: 'rewrite',
            items: (items) =>
              items.map((item) => ({ ...item, embedding: [...item.embedding.slice(1), 'x'] })),
          },
          /./,
        ],
      ];
      it.each(rewritten)('%s', async (_, fault, message) => {
        server.script(fault);
        const error = await failure(local().doEmbed(['a', 'b', 'c']));
        expect(error).toMatchObject({ reason: 'invalid-response', retryable: false });
        expect(error.message).toMatch(message);
        expect(server.requests).toHaveLength(1);
      });

      it('a vector of zeros, and nothing of the batch is cached', async () => {
        const embedder = cached(local({ maxRetries: 0 }), { store: memoryStore() });
        server.script({
          kind: 'rewrite',
          items: (items) =>
            items.map((item, i) =>
              i === 1 ? { ...item, embedding: item.embedding.map(() => 0) } : item,
            ),
        });
        const error = await failure(embedder.doEmbed(['send email', 'get weather']));
        expect(error.reason).toBe('invalid-response');
        expect(error.message).toMatch(/zeros only .*1/);
        const again = await embedder.doEmbed(['send email', 'get weather']);
        expect(again.embeddings[1]!.some((v) => v !== 0)).toBe(true);
        expect(server.requests.map((request) => request.texts)).toEqual([
          ['send email', 'get weather'],
          ['send email', 'get weather'],
        ]);
      });

      if (options.indexed) {
        it('places vectors by index when the server sends them out of order', async () => {
          const expected = vectors((await local().doEmbed(['a', 'b', 'c'])).embeddings);
          server.script({ kind: 'rewrite', items: (items) => [...items].reverse() });
          expect(vectors((await local().doEmbed(['a', 'b', 'c'])).embeddings)).toEqual(expected);
        });

        it('a missing or repeated index', async () => {
          const missing = (items: { index: number | undefined; embedding: unknown[] }[]) =>
            items.map((item, i) => (i === 1 ? { ...item, index: undefined } : item));
          server.script({ kind: 'rewrite', items: missing });
          expect((await failure(local().doEmbed(['a', 'b']))).reason).toBe('invalid-response');
          server.script({
            kind: 'rewrite',
            items: (items) => items.map((item) => ({ ...item, index: 0 })),
          });
          const error = await failure(local().doEmbed(['a', 'b']));
          expect(error.message).toMatch(/two items with index 0/);
        });
      }
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
        await expect(local().doEmbed(['a'], { signal: AbortSignal.abort() })).rejects.toMatchObject(
          {
            name: 'AbortError',
          },
        );
        expect(server.requests).toHaveLength(0);
      });
    });
  });
}

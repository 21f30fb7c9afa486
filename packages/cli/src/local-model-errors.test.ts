import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from './create-embedder.js';

// transformers.js downloads through env.fetch: only 127.0.0.1 (the stand-in Hub below) may answer.
const attempts: string[] = [];
const saved = { fetch: env.fetch, remoteHost: env.remoteHost, cacheDir: env.cacheDir };
let hub: Server;
let origin: string;
let cache: string;
beforeAll(async () => {
  env.fetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith('http://127.0.0.1:')) return fetch(input, init);
    attempts.push(url);
    throw new Error(`network access in a test: ${url}`);
  };
  // The Hub answers 401 for a repository that does not exist.
  hub = createServer((_, res) => res.writeHead(401).end('{"error":"Repository not found"}'));
  await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(hub.address() as AddressInfo).port}/`;
  cache = await mkdtemp(join(tmpdir(), 'shortlist-cli-hub-'));
  env.cacheDir = cache;
});
afterEach(() => {
  expect(attempts.splice(0), 'network attempts').toEqual([]);
});
afterAll(async () => {
  Object.assign(env, saved);
  await new Promise<void>((resolve) => hub.close(() => resolve()));
  await rm(cache, { recursive: true, force: true });
});

describe('--embedder local with a Hub model that fails to load', () => {
  it('an unknown model id names the id and --embedding-model', async () => {
    env.remoteHost = origin;
    const embedder = await createEmbedder('semantic', {
      embedder: 'local',
      embeddingModel: 'someone/no-such-model',
      embeddingDimensions: 8,
    });
    await expect(embedder.doEmbed(['make a folder'])).rejects.toMatchObject({
      code: 'invalid-argument',
      argument: '--embedding-model',
      message: expect.stringMatching(
        /model someone\/no-such-model could not be loaded .*\(set it with --embedding-model\)$/,
      ),
    });
  });

  it('no network says to give --embedding-model a local folder, not --base-url', async () => {
    // A port nothing listens on: the connection is refused, as offline.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    env.remoteHost = `http://127.0.0.1:${port}/`;
    const embedder = await createEmbedder('semantic', { embedder: 'local' });
    const error = await embedder.doEmbed(['make a folder']).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'api-call-failed', reason: 'network' });
    expect((error as Error).message).toMatch(
      /could not download model Xenova\/bge-small-en-v1\.5 .*or give --embedding-model a local model folder\)$/,
    );
    expect((error as Error).message).not.toContain('--base-url');
  });
});

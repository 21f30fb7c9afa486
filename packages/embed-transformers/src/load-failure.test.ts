import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiCallError, InvalidArgumentError, PluginError } from '@shortlist/core';
import { type HttpServer, startHttpServer } from '@shortlist/test-servers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forbidNetwork } from './test-no-network.js';
import { createTransformersEmbedder } from './transformers-embedder.js';

forbidNetwork();

/** A stand-in for huggingface.co on 127.0.0.1: unknown repositories get the Hub's 401, `flaky/` a 503. */
let hub: HttpServer;
const requested: string[] = [];
let cacheDir: string;
let savedHost: string;
beforeAll(async () => {
  hub = await startHttpServer((request, res) => {
    requested.push(request.path);
    const status = request.path.startsWith('/flaky/') ? 503 : 401;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Repository not found' }));
  });
  cacheDir = await mkdtemp(join(tmpdir(), 'shortlist-hub-cache-'));
  const { env } = await import('@huggingface/transformers');
  savedHost = env.remoteHost;
});
afterEach(async () => {
  const { env } = await import('@huggingface/transformers');
  env.remoteHost = savedHost;
  requested.length = 0;
});
afterAll(async () => {
  await hub.close();
  await rm(cacheDir, { recursive: true, force: true });
});

/** Points transformers.js at `origin` instead of huggingface.co for this test. */
const useHub = async (origin: string) => {
  const { env } = await import('@huggingface/transformers');
  env.remoteHost = `${origin}/`;
};

/** A 127.0.0.1 port nothing listens on: connecting is refused, as with no network. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('a Hub model that fails to load at run time', () => {
  it('an unknown model id names the id and the model option', async () => {
    await useHub(hub.origin);
    const embedder = createTransformersEmbedder({
      model: 'someone/no-such-model',
      dimensions: 8,
      cacheDir,
    });
    const failure = embedder.doEmbed(['list files']);
    await expect(failure).rejects.toSatisfy(InvalidArgumentError.isInstance);
    await expect(failure).rejects.toMatchObject({
      argument: 'createTransformersEmbedder(options.model)',
      message: expect.stringMatching(
        /model someone\/no-such-model could not be loaded from the Hugging Face Hub .*set options\.model to a public Hub model id/,
      ),
    });
    expect(requested[0]).toMatch(/^\/someone\/no-such-model\/resolve\/main\//);
  });

  it('no network names the id, says to connect, and names the model option', async () => {
    await useHub(await closedPort());
    const embedder = createTransformersEmbedder({ model: 'Xenova/bge-small-en-v1.5', cacheDir });
    const failure = embedder.doEmbed(['list files']);
    await expect(failure).rejects.toSatisfy(ApiCallError.isInstance);
    await expect(failure).rejects.toMatchObject({
      reason: 'network',
      retryable: true,
      message: expect.stringMatching(
        /could not download model Xenova\/bge-small-en-v1\.5 .*ECONNREFUSED.*connect to the network, or set options\.model to a local model folder/,
      ),
    });
  });

  it('a Hub failure (503) is a retryable server error naming the model', async () => {
    await useHub(hub.origin);
    const embedder = createTransformersEmbedder({ model: 'flaky/model', dimensions: 8, cacheDir });
    const failure = embedder.doEmbed(['list files']);
    await expect(failure).rejects.toMatchObject({
      code: 'api-call-failed',
      reason: 'server',
      status: 503,
      message: expect.stringContaining('downloading model flaky/model'),
    });
  });

  it('offline and not cached: no request, names the model option and allowDownload', async () => {
    await useHub(hub.origin);
    const embedder = createTransformersEmbedder({
      model: 'Xenova/bge-small-en-v1.5',
      allowDownload: false,
      cacheDir,
    });
    const failure = embedder.doEmbed(['list files']);
    await expect(failure).rejects.toMatchObject({
      argument: 'createTransformersEmbedder(options.model)',
      message: expect.stringMatching(
        /model Xenova\/bge-small-en-v1\.5 is not in the cache folder and downloads are off \(allowDownload: false\): set options\.model/,
      ),
    });
    expect(requested).toEqual([]);
  });

  it('a failed load is retried by the next call, not kept', async () => {
    await useHub(await closedPort());
    const embedder = createTransformersEmbedder({
      model: 'someone/model',
      dimensions: 8,
      cacheDir,
    });
    await expect(embedder.doEmbed(['a'])).rejects.toSatisfy(ApiCallError.isInstance);
    await useHub(hub.origin);
    await expect(embedder.doEmbed(['a'])).rejects.toSatisfy(InvalidArgumentError.isInstance);
    expect(requested.length).toBeGreaterThan(0);
    expect(PluginError.isInstance(await embedder.doEmbed(['a']).catch((e) => e))).toBe(false);
  });
});

import { countingEmbedder } from '@shortlist/conformance';
import { cached, InvalidArgumentError } from '@shortlist/core';
import { freePort, startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RedisStore, redisStore } from './redis-store.js';
import { eventually, resetServer } from './test-helpers.js';

let server: TestRedisServer;
let admin: Redis;
const opened: RedisStore[] = [];
let warnings: string[] = [];
const open = (options: Partial<Parameters<typeof redisStore>[0]> = {}) => {
  const store = redisStore({
    redis: server.url,
    onWarning: (message) => warnings.push(message),
    ...options,
  });
  opened.push(store);
  return store;
};

beforeAll(async () => {
  server = await startRedisServer();
  admin = new Redis(server.url);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await resetServer(server, admin);
  warnings = [];
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});

const texts = ['send an email', 'weather in Paris', 'list my files', 'book a meeting'];

describe('redisStore', { timeout: 15_000 }, () => {
  it('lets two processes embed each text once between them', async () => {
    const first = countingEmbedder();
    const second = countingEmbedder();
    const a = await cached(first, { store: open() }).doEmbed(texts);
    const b = await cached(second, { store: open() }).doEmbed([...texts].reverse());
    expect(first.texts()).toBe(4);
    expect(second.calls).toEqual([]);
    expect(b.embeddings).toEqual([...a.embeddings].reverse());
    expect(warnings).toEqual([]);
  });

  it('never returns a vector cached for another model or dimension', async () => {
    await cached(countingEmbedder({ modelId: 'm1' }), { store: open() }).doEmbed(['hello']);
    const otherModel = countingEmbedder({ modelId: 'm2' });
    await cached(otherModel, { store: open() }).doEmbed(['hello']);
    expect(otherModel.calls).toEqual([['hello']]);
    const otherSize = countingEmbedder({ modelId: 'm1', dimensions: 8 });
    const { embeddings } = await cached(otherSize, { store: open() }).doEmbed(['hello']);
    expect(otherSize.calls).toEqual([['hello']]);
    expect(embeddings[0]).toHaveLength(8);
  });

  it('batches in pipelined round trips and keeps key order, with misses as undefined', async () => {
    const store = open({ batchSize: 3 });
    const entries = Array.from(
      { length: 10 },
      (_, i) => [`k${i}`, Float32Array.of(i, -i)] as const,
    );
    await store.setMany(entries);
    const keys = ['k9', 'none', ...entries.map(([key]) => key)];
    expect(await store.getMany(keys)).toEqual([
      Float32Array.of(9, -9),
      undefined,
      ...entries.map(([, vector]) => vector),
    ]);
  });

  it('treats a damaged value as a miss, says so, and overwrites it', async () => {
    const embedder = countingEmbedder();
    const store = open({ prefix: 'p:' });
    await cached(embedder, { store }).doEmbed(['send an email']);
    const [key] = await admin.keys('p:embedding:*');
    const bytes = (await admin.getBuffer(key!))!;
    bytes[12]! ^= 0x10; // inside the vector
    await admin.set(key!, bytes);
    const again = await cached(embedder, { store }).doEmbed(['send an email']);
    expect(embedder.calls).toEqual([['send an email'], ['send an email']]);
    expect(warnings.join('\n')).toMatch(/damaged/);
    expect(again.embeddings[0]).toEqual(
      (await countingEmbedder().doEmbed(['send an email'])).embeddings[0],
    );
    warnings = [];
    await cached(embedder, { store }).doEmbed(['send an email']);
    expect(embedder.calls).toHaveLength(2); // the overwritten value is intact
    expect(warnings).toEqual([]);
  });

  it('does not accept a valid value copied under another key', async () => {
    const store = open({ prefix: 'p:' });
    await store.setMany([['a', Float32Array.of(1, 2)]]);
    await admin.copy('p:embedding:a', 'p:embedding:b');
    expect(await store.getMany(['a', 'b'])).toEqual([Float32Array.of(1, 2), undefined]);
  });

  it('sets the TTL it was given, and none by default', async () => {
    await open({ prefix: 't:', ttlMs: 60_000 }).setMany([['a', Float32Array.of(1)]]);
    await open({ prefix: 'n:' }).setMany([['a', Float32Array.of(1)]]);
    expect(await admin.pttl('t:embedding:a')).toBeGreaterThan(0);
    expect(await admin.pttl('n:embedding:a')).toBe(-1);
  });

  it('survives a restart mid-run: misses are embedded, failed writes retried, nothing corrupt', async () => {
    const store = open();
    const embedder = countingEmbedder();
    const embed = cached(embedder, { store });
    await embed.doEmbed(texts.slice(0, 2));
    await server.stop();
    const during = await embed.doEmbed(texts);
    expect(embedder.texts()).toBe(6); // everything missed while Redis was down
    expect(during.embeddings).toEqual((await countingEmbedder().doEmbed(texts)).embeddings);
    expect(store.pendingWrites).toBe(4);
    expect(warnings.filter((w) => /unreachable/.test(w))).toHaveLength(1);
    await server.start();
    await eventually(() => store.pendingWrites === 0);
    const other = countingEmbedder();
    await cached(other, { store: open() }).doEmbed(texts);
    expect(other.calls).toEqual([]);
    expect(warnings.at(-1)).toMatch(/reachable again/);
  });

  it('works alone when Redis is unreachable at start, and shares once it is up', async () => {
    const port = await freePort();
    const store = open({ redis: `redis://127.0.0.1:${port}`, timeoutMs: 100 });
    const embedder = countingEmbedder();
    await cached(embedder, { store }).doEmbed(texts);
    await cached(embedder, { store }).doEmbed(texts);
    expect(embedder.texts()).toBe(8);
    expect(warnings.filter((w) => /unreachable/.test(w))).toHaveLength(1);
    const late = await startRedisServer({ port });
    try {
      await eventually(() => store.pendingWrites === 0);
      const other = countingEmbedder();
      await cached(other, { store: open({ redis: late.url }) }).doEmbed(texts);
      expect(other.calls).toEqual([]);
    } finally {
      await late.stop();
    }
  });

  it('gives up on a Redis that stops answering after its bound, as misses', async () => {
    const store = open({ timeoutMs: 50 });
    await store.setMany([['a', Float32Array.of(1)]]);
    server.pause();
    expect(await store.getMany(['a'])).toEqual([undefined]);
    await store.setMany([['b', Float32Array.of(2)]]);
    expect(store.pendingWrites).toBe(1);
    expect(warnings.join('\n')).toMatch(/did not answer within 50 ms/);
    server.resume();
    await eventually(async () => {
      await store.flush();
      return store.pendingWrites === 0;
    });
    expect(await store.getMany(['a', 'b'])).toEqual([Float32Array.of(1), Float32Array.of(2)]);
  });

  it('rejects bad options with a typed error', () => {
    // @ts-expect-error: testing a JavaScript caller
    expect(() => redisStore({})).toThrow(InvalidArgumentError);
    expect(() => redisStore({ redis: server.url, timeoutMs: 0 })).toThrow(
      /timeoutMs\) must be a positive integer/,
    );
    expect(() => redisStore({ redis: server.url, ttlMs: 1.5 })).toThrow(InvalidArgumentError);
  });
});

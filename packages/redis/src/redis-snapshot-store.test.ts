import { bm25 } from '@shortlist/bm25';
import { ApiCallError, CorruptDataError, InvalidArgumentError, pipe } from '@shortlist/core';
import { encodePickerSnapshot, snapshotConfiguration } from '@shortlist/core/kit';
import { freePort, startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RedisSnapshotStore, redisSnapshotStore } from './redis-snapshot-store.js';
import { catalogue, resetServer } from './test-helpers.js';

let server: TestRedisServer;
let admin: Redis;
const opened: RedisSnapshotStore[] = [];
const open = (options: Partial<Parameters<typeof redisSnapshotStore>[0]> = {}) => {
  const store = redisSnapshotStore({ redis: server.url, ...options });
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
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});

const tools = catalogue(40);

describe('redisSnapshotStore', { timeout: 15_000 }, () => {
  it("restores another process's picker from the container it stored, picking alike", async () => {
    const pipeline = pipe(bm25());
    const built = await pipeline.index(tools);
    const container = encodePickerSnapshot({
      configuration: snapshotConfiguration(pipeline),
      catalogue: 'forty-tools',
      parts: built.snapshot(),
    });
    await open().set('forty', container);
    const stored = await open().get('forty');
    expect(stored).toEqual(container);
    const restored = await pipe(bm25()).restore(tools, stored!);
    for (const query of ['weather task number 9', 'send a message', 'task 3']) {
      expect(await restored.select(query)).toEqual(await built.select(query));
    }
    expect(await open().get('absent')).toBeUndefined();
    // Under the prefix, with the TTL given.
    await open({ prefix: 'app:', ttlMs: 60_000 }).set('k', container);
    expect(await admin.pttl('app:picker:k')).toBeGreaterThan(0);
  });

  it('hands back damaged bytes for the container to refuse', async () => {
    const pipeline = pipe(bm25());
    const built = await pipeline.index(tools);
    const configuration = snapshotConfiguration(pipeline);
    const bytes = encodePickerSnapshot({ configuration, catalogue: 'c', parts: built.snapshot() });
    bytes[bytes.length >> 1]! ^= 0xff;
    await open().set('damaged', bytes);
    await expect(pipeline.restore(tools, (await open().get('damaged'))!)).rejects.toThrow(
      CorruptDataError,
    );
  });

  it('rejects with a typed error when Redis is unreachable, and after close', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const store = open({ redis: url, timeoutMs: 100 });
    await expect(store.get('a')).rejects.toSatisfy(ApiCallError.isInstance);
    await expect(store.set('a', Uint8Array.of(1))).rejects.toSatisfy(ApiCallError.isInstance);
    const closed = open();
    await closed.close();
    await expect(closed.get('a')).rejects.toThrow(/closed/);
    await expect(open().set('a', [1] as never)).rejects.toThrow(InvalidArgumentError);
    expect(() => redisSnapshotStore({ redis: '' })).toThrow(InvalidArgumentError);
  });
});

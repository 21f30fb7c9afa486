import { InvalidArgumentError, type SnapshotStore } from '@shortlist/core';
import { redisCallError } from './redis-call-error.js';
import { openClient, positiveInteger, type RedisTarget, whenReady } from './redis-connection.js';
import { withDeadline } from './with-deadline.js';

export interface RedisSnapshotStoreOptions {
  /** A Redis URL or an ioredis client (duplicated, so yours keeps its own settings). */
  readonly redis: RedisTarget;
  /** Prefix of every key this store writes (then `picker:` and your key). @default 'shortlist:' */
  readonly prefix?: string;
  /** Snapshots expire this long after they were written; none when absent. */
  readonly ttlMs?: number;
  /** Longest wait for one Redis round trip (a snapshot can be megabytes). @default 5000 */
  readonly timeoutMs?: number;
}

/** The Redis snapshot store; `close` ends its connection. */
export interface RedisSnapshotStore extends SnapshotStore {
  close(): Promise<void>;
}

/**
 * A `SnapshotStore` in Redis (one GET or SET a call), so a fleet shares picker snapshots; the
 * container's checksum catches damage on decode. A Redis that cannot answer rejects with a
 * typed `ApiCallError`. `restoreOrIndex` adds the build lock and the pointer to the latest.
 */
export function redisSnapshotStore(given: RedisSnapshotStoreOptions): RedisSnapshotStore {
  const options: Partial<RedisSnapshotStoreOptions> = given ?? {};
  const prefix = `${options.prefix ?? 'shortlist:'}picker:`;
  const timeoutMs = positiveInteger(
    options.timeoutMs,
    5000,
    'redisSnapshotStore(options.timeoutMs)',
  );
  const ttlMs =
    options.ttlMs === undefined
      ? undefined
      : positiveInteger(options.ttlMs, 0, 'redisSnapshotStore(options.ttlMs)');
  const client = openClient(options.redis, 'redisSnapshotStore(options.redis)');
  client.on('error', () => undefined); // failures surface through calls
  let closed = false;

  const call = async <T>(what: 'get' | 'set', key: unknown, run: (k: string) => Promise<T>) => {
    if (closed) {
      throw new InvalidArgumentError({
        argument: 'redisSnapshotStore',
        expected: 'an open store',
        message: `redisSnapshotStore.${what}: the store was closed; open a new one`,
      });
    }
    if (typeof key !== 'string') {
      throw new InvalidArgumentError({
        argument: `redisSnapshotStore.${what}(key)`,
        expected: 'a string',
        message: `redisSnapshotStore.${what}(key): expected a string key, got ${typeof key}`,
      });
    }
    const redisKey = prefix + key;
    try {
      await whenReady(client, timeoutMs);
      return await withDeadline(run(redisKey), timeoutMs, `redisSnapshotStore.${what}`);
    } catch (error) {
      const consequence =
        what === 'get' ? 'index the tools instead' : 'the snapshot was not stored';
      throw redisCallError(`redisSnapshotStore.${what}`, error, consequence, [redisKey]);
    }
  };

  return {
    get: (key) =>
      call('get', key, async (redisKey) => {
        const value = await client.getBuffer(redisKey);
        return value === null
          ? undefined
          : new Uint8Array(value.buffer, value.byteOffset, value.length);
      }),
    set: (key, snapshot) => {
      if (!(snapshot instanceof Uint8Array)) {
        return Promise.reject(
          new InvalidArgumentError({
            argument: 'redisSnapshotStore.set(snapshot)',
            expected: 'a Uint8Array',
            message:
              'redisSnapshotStore.set(key, snapshot): pass the bytes of encodePickerSnapshot()',
          }),
        );
      }
      const value = Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
      return call('set', key, async (redisKey) => {
        if (ttlMs === undefined) await client.set(redisKey, value);
        else await client.set(redisKey, value, 'PX', ttlMs);
      });
    },
    async close() {
      closed = true;
      client.disconnect();
    },
  };
}

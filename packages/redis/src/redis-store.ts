import type { EmbeddingStore } from '@shortlist/core';
import type { WarningHandler } from '@shortlist/core/kit';
import { outageNotice, warnToConsole } from './outage-notice.js';
import { openClient, positiveInteger, type RedisTarget, whenReady } from './redis-connection.js';
import { decodeVector, encodeVector } from './vector-codec.js';
import { withDeadline } from './with-deadline.js';

export interface RedisStoreOptions {
  /** A Redis URL or an ioredis client (duplicated, so yours keeps its own settings). */
  readonly redis: RedisTarget;
  /** Prefix of every key this store writes. @default 'shortlist:' */
  readonly prefix?: string;
  /** Vectors expire this long after they were last written; none when absent. */
  readonly ttlMs?: number;
  /** Longest wait for one Redis round trip; past it a read is a miss and a write is retried later. @default 250 */
  readonly timeoutMs?: number;
  /** Keys per pipelined round trip. @default 500 */
  readonly batchSize?: number;
  /** Writes kept for retry while Redis is unreachable; older ones are dropped first. @default 10000 */
  readonly maxPendingWrites?: number;
  /** Told once when Redis becomes unreachable, and about damaged values. @default console.warn */
  readonly onWarning?: WarningHandler;
}

const RETRY_MS = 500;

/** The Redis store; `flush` retries writes that failed while Redis was unreachable. */
export interface RedisStore extends EmbeddingStore {
  /** Writes waiting for Redis to return. */
  readonly pendingWrites: number;
  /** Retries pending writes now; resolves whether or not Redis took them. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An `EmbeddingStore` in Redis, so every process of a fleet embeds each text once between them.
 * Values are checksummed against their key (a damaged value is a miss and gets overwritten);
 * every round trip is bounded, and an unreachable Redis only costs misses.
 */
export function redisStore(given: RedisStoreOptions): RedisStore {
  const options: Partial<RedisStoreOptions> = given ?? {};
  const prefix = `${options.prefix ?? 'shortlist:'}embedding:`;
  const timeoutMs = positiveInteger(options.timeoutMs, 250, 'redisStore(options.timeoutMs)');
  const batchSize = positiveInteger(options.batchSize, 500, 'redisStore(options.batchSize)');
  const ttlMs =
    options.ttlMs === undefined
      ? undefined
      : positiveInteger(options.ttlMs, 0, 'redisStore(options.ttlMs)');
  const maxPending = positiveInteger(
    options.maxPendingWrites,
    10_000,
    'redisStore(options.maxPendingWrites)',
  );
  const onWarning = options.onWarning ?? warnToConsole;
  const client = openClient(options.redis, 'redisStore(options.redis)');
  const notice = outageNotice('redisStore', onWarning);
  client.on('error', () => undefined); // failures surface through calls, reported once
  /** Failed writes by key, oldest first, retried when Redis is ready again. */
  const pending = new Map<string, Float32Array>();

  const write = async (entries: readonly (readonly [string, Float32Array])[]): Promise<void> => {
    await whenReady(client, timeoutMs);
    for (let start = 0; start < entries.length; start += batchSize) {
      const chunk = entries.slice(start, start + batchSize);
      const pipeline = client.pipeline();
      for (const [key, vector] of chunk) {
        const value = encodeVector(key, vector);
        if (ttlMs === undefined) pipeline.set(prefix + key, value);
        else pipeline.set(prefix + key, value, 'PX', ttlMs);
      }
      const results = await withDeadline(pipeline.exec(), timeoutMs, 'redisStore write');
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('pipeline was discarded');
    }
  };

  const keep = (entries: readonly (readonly [string, Float32Array])[]): void => {
    for (const [key, vector] of entries) {
      pending.delete(key);
      pending.set(key, vector);
    }
    for (const key of pending.keys()) {
      if (pending.size <= maxPending) break;
      pending.delete(key);
    }
  };

  /** Writes the entries, or keeps them pending for the next flush; false when that failed. */
  const writeOrKeep = async (
    entries: readonly (readonly [string, Float32Array])[],
  ): Promise<boolean> => {
    try {
      await write(entries);
      notice.written();
      return true;
    } catch (error) {
      notice.failed('write', error);
      keep(entries);
      return false;
    }
  };

  const flush = async (): Promise<void> => {
    if (pending.size === 0) return;
    const entries = [...pending.entries()];
    pending.clear();
    // Connected but too slow: try again shortly; when disconnected, 'ready' will call flush.
    if (!(await writeOrKeep(entries)) && client.status === 'ready') {
      setTimeout(() => void flush(), RETRY_MS).unref();
    }
  };
  client.on('ready', () => void flush());

  return {
    get pendingWrites() {
      return pending.size;
    },
    async getMany(keys) {
      const out: (Float32Array | undefined)[] = new Array(keys.length).fill(undefined);
      try {
        await whenReady(client, timeoutMs);
        for (let start = 0; start < keys.length; start += batchSize) {
          const chunk = keys.slice(start, start + batchSize).map((key) => prefix + key);
          const values = await withDeadline(
            client.mgetBuffer(...chunk),
            timeoutMs,
            'redisStore read',
          );
          values.forEach((value, i) => {
            if (value === null) return;
            const key = keys[start + i]!;
            const vector = decodeVector(key, value);
            if (vector === undefined) {
              onWarning(
                `redisStore: the value under ${prefix + key} is damaged (checksum or length does not match); embedding the text again`,
              );
            }
            out[start + i] = vector;
          });
        }
        notice.recovered();
      } catch (error) {
        notice.failed('read', error); // what was not read is a miss: the text is embedded
      }
      return out;
    },
    async setMany(entries) {
      if (entries.length === 0) return;
      await writeOrKeep(entries);
    },
    flush,
    async close() {
      client.disconnect();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Picker, type Pipeline, type ToolInput, toCatalogue } from '@shortlist/core';
import {
  decodePickerSnapshot,
  encodePickerSnapshot,
  snapshotConfiguration,
  type WarningHandler,
} from '@shortlist/core/kit';
import type { ChainableCommander, Redis } from 'ioredis';
import { warnToConsole } from './outage-notice.js';
import { openClient, positiveInteger, type RedisTarget, whenReady } from './redis-connection.js';
import { classifyRedisFailure } from './redis-failure.js';
import { catalogueDigest, configurationKey, namesDigest } from './snapshot-key.js';
import { readLatest } from './snapshot-pointer.js';
import { withDeadline } from './with-deadline.js';

export interface SnapshotOptions {
  /** A Redis URL or an ioredis client (duplicated for the duration of the call). */
  readonly redis: RedisTarget;
  /** Prefix of every key written. @default 'shortlist:' */
  readonly prefix?: string;
  /**
   * Whatever else makes two pipelines differ (ranker options, embedder model), as JSON: ids and
   * versions are included already; a snapshot made under another value is never used.
   */
  readonly configuration?: unknown;
  /** Snapshots expire this long after they were written; none when absent. */
  readonly ttlMs?: number;
  /** Longest wait for one Redis round trip (a snapshot can be megabytes). @default 5000 */
  readonly timeoutMs?: number;
  /** How long to wait for another process that is building the same snapshot. @default 120000 */
  readonly buildWaitMs?: number;
  /** Told why a snapshot was not used or Redis could not be reached. @default console.warn */
  readonly onWarning?: WarningHandler;
}

/** A picker and where it came from. */
export interface RestoredPicker<Original> {
  readonly picker: Picker<Original>;
  /** `restored` from Redis, or `indexed` here (then stored for the others when Redis allows). */
  readonly source: 'restored' | 'indexed';
  /** The Redis key of this catalogue and configuration's snapshot. */
  readonly key: string;
}

const POLL_MS = 25;
/** A build lock outlives a crashed builder by at most this long. */
const MAX_LOCK_MS = 600_000;

/**
 * Takes the build lock (1), or takes over one without a TTL (2): every lock this package sets
 * expires, so one that never does was left by something else and would hold every start for
 * `buildWaitMs`; 0 while another process holds a lock that will expire.
 */
const TAKE_LOCK = `
if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
if redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 2
end
return 0
`;

/**
 * Restores a picker from the snapshot in Redis for this exact catalogue and configuration, or
 * indexes it (one process builds while the others wait for its snapshot). Anything damaged,
 * stale or foreign is rejected and rebuilt; an unreachable Redis only means indexing here.
 */
export async function restoreOrIndex<Original>(
  pipeline: Pipeline,
  tools: ToolInput<Original>,
  options: SnapshotOptions,
): Promise<RestoredPicker<Original>> {
  const client = openClient(options?.redis, 'restoreOrIndex(options.redis)');
  client.on('error', () => undefined);
  try {
    return await restoreWith(client, pipeline, tools, options);
  } finally {
    client.disconnect();
  }
}

async function restoreWith<Original>(
  client: Redis,
  pipeline: Pipeline,
  tools: ToolInput<Original>,
  options: SnapshotOptions,
): Promise<RestoredPicker<Original>> {
  const timeoutMs = positiveInteger(options.timeoutMs, 5000, 'restoreOrIndex(options.timeoutMs)');
  const buildWaitMs = positiveInteger(
    options.buildWaitMs,
    120_000,
    'restoreOrIndex(options.buildWaitMs)',
  );
  const ttlMs =
    options.ttlMs === undefined
      ? undefined
      : positiveInteger(options.ttlMs, 0, 'restoreOrIndex(options.ttlMs)');
  const onWarning = options.onWarning ?? warnToConsole;
  // Converted once: the pipeline takes a frozen catalogue without checking it again.
  const listed = toCatalogue<Original>(tools);
  const canonical = listed as unknown as ToolInput<Original>;
  const configuration = snapshotConfiguration(pipeline, options.configuration);
  const base = `${options.prefix ?? 'shortlist:'}snapshot:${configurationKey(configuration)}:`;
  const pointer = `${base}latest:${namesDigest(listed)}`;
  const call = <T>(promise: Promise<T>, what: string) => withDeadline(promise, timeoutMs, what);
  // Read while the catalogue is digested (the digest yields to let it arrive); used only if it
  // turns out to name this exact catalogue, and checked like any other snapshot.
  const early = readLatest(client, pointer, base, timeoutMs);
  const identity = { configuration, catalogue: await catalogueDigest(listed) };
  const key = `${base}${identity.catalogue}`;
  const lock = `${key}:building`;
  const token = randomUUID();
  const warnAlone = (error: unknown) =>
    onWarning(
      `restoreOrIndex: ${classifyRedisFailure(error, [key, pointer, lock]).text}; indexing here without a shared snapshot`,
    );
  const pointTo = <T extends Redis | ChainableCommander>(on: T): ReturnType<T['set']> =>
    (ttlMs === undefined
      ? on.set(pointer, identity.catalogue)
      : on.set(pointer, identity.catalogue, 'PX', ttlMs)) as ReturnType<T['set']>;

  // Only the holder's lock is released; one that expired and was taken over is left alone.
  const release = () =>
    call(
      client.eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
        1,
        lock,
        token,
      ),
      'release build lock',
    );

  const index = async (): Promise<RestoredPicker<Original>> => {
    let picker: Picker<Original>;
    try {
      picker = await pipeline.index(canonical);
    } catch (error) {
      await release().catch(() => undefined); // let another process try
      throw error;
    }
    try {
      const bytes = encodePickerSnapshot({ ...identity, parts: picker.snapshot() });
      const value = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      // The snapshot and the pointer to it in one transaction.
      const both = client.multi();
      if (ttlMs === undefined) both.set(key, value);
      else both.set(key, value, 'PX', ttlMs);
      const stored = await call(pointTo(both).exec(), 'store snapshot');
      const failed = stored?.find(([error]) => error)?.[0];
      if (failed) throw failed;
      await release();
    } catch (error) {
      warnAlone(error);
    }
    return { picker, source: 'indexed', key };
  };

  /** The picker from stored bytes, or `undefined` (told why) when they cannot be used. */
  const restoreFrom = async (stored: Buffer): Promise<Picker<Original> | undefined> => {
    try {
      const snapshots = decodePickerSnapshot(stored, identity).parts;
      // The key and the container both hold this catalogue's digest: core need not digest it again.
      return await pipeline.restore(canonical, snapshots, { catalogueVerified: true });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      onWarning(`restoreOrIndex: snapshot ${key}: ${why}; rebuilding`);
      return undefined;
    }
  };

  const latest = await early;
  if (latest.error !== undefined) {
    warnAlone(latest.error);
    return { picker: await pipeline.index(canonical), source: 'indexed', key };
  }
  if (latest.catalogue === identity.catalogue && latest.value) {
    const picker = await restoreFrom(latest.value);
    return picker ? { picker, source: 'restored', key } : index(); // index() overwrites it
  }
  const waitUntil = Date.now() + buildWaitMs;
  for (;;) {
    let stored: Buffer | null;
    try {
      await whenReady(client, timeoutMs);
      stored = await call(client.getBuffer(key), 'read snapshot');
    } catch (error) {
      warnAlone(error);
      return { picker: await pipeline.index(canonical), source: 'indexed', key };
    }
    if (stored) {
      const picker = await restoreFrom(stored);
      if (!picker) return index(); // overwrites the unusable snapshot
      // Point the next process starting with this catalogue at it (best effort).
      await call(pointTo(client), 'point to snapshot').catch(() => undefined);
      return { picker, source: 'restored', key };
    }
    // Nobody has stored it: build it ourselves if nobody else is building it.
    let taken: number;
    try {
      taken = (await call(
        client.eval(TAKE_LOCK, 1, lock, token, Math.min(buildWaitMs, MAX_LOCK_MS)),
        'take build lock',
      )) as number;
    } catch (error) {
      warnAlone(error);
      return { picker: await pipeline.index(canonical), source: 'indexed', key };
    }
    if (taken === 2) {
      onWarning(
        `restoreOrIndex: the build lock ${lock} had no TTL (left by a process that never set one), so it was taken as stale; building here`,
      );
    }
    if (taken > 0 || Date.now() > waitUntil) return index();
    await sleep(POLL_MS);
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import { type ExampleStore, InvalidArgumentError, type ToolExample } from '@shortlist/core';
import {
  type CallOptions,
  checkExamples,
  checkMaxAgeMs,
  checkMaxExamples,
  checkSelector,
  type ExampleChange,
  exampleKey,
  raceAbort,
  throwIfAborted,
  type WarningHandler,
} from '@shortlist/core/kit';
import type { ChainableCommander } from 'ioredis';
import { addFields, decodeEntries, forgetFields } from './example-entries.js';
import { createExampleMirror, type ExampleMirror } from './example-mirror.js';
import { outageNotice, warnToConsole } from './outage-notice.js';
import { redisCallError } from './redis-call-error.js';
import { openClient, positiveInteger, type RedisTarget, whenReady } from './redis-connection.js';
import { keyInSlotOf } from './slot-key.js';
import { compareIds, streamInfoField, trimmedSince } from './stream-ids.js';
import { parsePage, type RawEntry, readPage } from './stream-page.js';
import { DeadlineError, withDeadline } from './with-deadline.js';

export interface RedisExampleStoreOptions {
  /** A Redis URL or an ioredis client (duplicated: one connection reads, one writes). */
  readonly redis: RedisTarget;
  /** Prefix of every key written. @default 'shortlist:' */
  readonly prefix?: string;
  /** Which shared examples; processes with the same name share them (stream `<prefix>examples:<name>`). @default 'default' */
  readonly name?: string;
  /**
   * Most examples kept; a full store drops the oldest example of the heaviest source or tool, so
   * a flood from one source, or onto one tool, evicts its own. The stream holds at most twice this many entries. @default 100000
   */
  readonly maxExamples?: number;
  /** Most bytes of examples' requests, tools and sources kept (UTF-8), dropped as `maxExamples`'s. @default 67108864 (64 MiB) */
  readonly maxBytes?: number;
  /** Examples learnt longer ago than this are dropped (by their `at`) and trimmed from the stream; none when absent. */
  readonly maxAgeMs?: number;
  /** Longest wait for one Redis round trip; past it the call rejects with `ApiCallError`. @default 250 */
  readonly timeoutMs?: number;
  /** How long one blocking read waits for news before checking in again. @default 1000 */
  readonly blockMs?: number;
  /** Pause before reading again from an unreachable Redis. @default 250 */
  readonly retryMs?: number;
  /** Told once when Redis becomes unreachable and when it returns, and of skipped entries. @default console.warn */
  readonly onWarning?: WarningHandler;
}

/** An `ExampleStore` every process of a fleet shares through Redis. */
export interface RedisExampleStore extends Required<ExampleStore> {
  /** Stops following the stream and closes this store's connections; later calls reject. */
  close(): Promise<void>;
}

const FIRST_CONNECT_MS = 2000;
/** Entries per write of a rewrite. */
const PAGE = 1000;
/** Entries per read, one JSON text each: as many as Redis answers well within `timeoutMs` on a busy machine. */
const READ_PAGE = 1000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** The stream's hard bound is this many times `maxExamples`: evicted entries are deleted as they go. */
const STREAM_SLACK = 2;
/** A rewrite's copy expires after this if its writer dies before swapping it in. */
const COPY_TTL_MS = 60_000;
/** Tries at rewriting a stream that other processes keep appending to. */
const COMPACT_TRIES = 3;

/**
 * Swaps the rewritten stream (KEYS[2]) in for the stream (KEYS[1]) when nothing was appended
 * since it was read (up to ARGV[1], the last entry read), keeping the stream's last id and count of
 * entries added so followers read on from where they are; deletes the copy and returns 0 if not.
 */
const SWAP_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('DEL', KEYS[2]) return 1 end
if #redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', 1) > 0 then
  redis.call('DEL', KEYS[2])
  return 0
end
local info = redis.call('XINFO', 'STREAM', KEYS[1])
local field = {}
for i = 1, #info, 2 do field[info[i]] = info[i + 1] end
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('XADD', KEYS[2], '0-1', 'op', 'none')
  redis.call('XDEL', KEYS[2], '0-1')
end
local generated = field['last-generated-id']
redis.call('XSETID', KEYS[2], generated, 'ENTRIESADDED', field['entries-added'], 'MAXDELETEDID', generated)
redis.call('RENAME', KEYS[2], KEYS[1])
redis.call('PERSIST', KEYS[1])
return 1
`;

/**
 * Keeps examples in a Redis Stream that every process follows, so an example learnt on one
 * worker is used by all of them, at once where it was learnt and within one blocking read
 * elsewhere. Forgets are entries too, applied in order, and erase the matching entries.
 */
export function redisExampleStore(given: RedisExampleStoreOptions): RedisExampleStore {
  const options: Partial<RedisExampleStoreOptions> = given ?? {};
  const name = options.name ?? 'default';
  if (typeof name !== 'string' || name === '') {
    throw new InvalidArgumentError({
      argument: 'redisExampleStore(options.name)',
      expected: 'a non-empty string',
      message: `redisExampleStore(options.name) must be a non-empty string, got ${String(name)}`,
    });
  }
  const stream = `${options.prefix ?? 'shortlist:'}examples:${name}`;
  const label = `redisExampleStore(${stream})`;
  const maxExamples = checkMaxExamples(
    options.maxExamples,
    'redisExampleStore(options.maxExamples)',
  );
  const maxBytes = positiveInteger(
    options.maxBytes,
    DEFAULT_MAX_BYTES,
    'redisExampleStore(options.maxBytes)',
  );
  const bounds = { maxExamples, maxBytes };
  const maxAgeMs = checkMaxAgeMs(options.maxAgeMs, 'redisExampleStore(options.maxAgeMs)');
  const timeoutMs = positiveInteger(options.timeoutMs, 250, 'redisExampleStore(options.timeoutMs)');
  const blockMs = positiveInteger(options.blockMs, 1000, 'redisExampleStore(options.blockMs)');
  const retryMs = positiveInteger(options.retryMs, 250, 'redisExampleStore(options.retryMs)');
  // The first connection may take longer than one command (a busy machine); it is waited once.
  const connectMs = Math.max(timeoutMs, FIRST_CONNECT_MS);
  const onWarning = options.onWarning ?? warnToConsole;
  const writer = openClient(options.redis, 'redisExampleStore(options.redis)');
  const reader = openClient(options.redis, 'redisExampleStore(options.redis)');
  writer.on('error', () => undefined); // failures surface through calls, reported once
  reader.on('error', () => undefined);
  const notice = outageNotice(label, onWarning);
  /**
   * Set when a connection comes back: Redis may have restarted empty (no persistence) or trimmed
   * meanwhile, so the mirror is rebuilt from what Redis holds before it is used again.
   */
  let stale = false;
  for (const client of [writer, reader]) {
    let connected = false;
    client.on('ready', () => {
      if (connected) stale = true;
      connected = true;
    });
  }

  let mirror: ExampleMirror = createExampleMirror(bounds);
  /** The last stream entry applied to the mirror; each entry is applied once, in order. */
  let lastId = '0';
  let closed = false;
  /** While the mirror is rebuilt from the stream, the follower's reads are dropped (the rebuild reads them). */
  let reloading = false;
  const listeners = new Set<(change: ExampleChange) => void>();

  const tell = (change: ExampleChange): void => {
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch (error) {
        onWarning(
          `${label}: a subscriber threw on a '${change.type}' change (${error instanceof Error ? error.message : String(error)}); the others were told`,
        );
      }
    }
  };
  const skip = (id: string): void =>
    onWarning(`${label}: skipped entry ${id}, which is not a valid example or forget`);

  /**
   * Applies the entries after `lastId`, in order, telling subscribers, and deletes the entries
   * of examples the bounds dropped (every process drops the same; whichever applies first deletes).
   */
  const applyNew = async (raw: readonly RawEntry[]): Promise<void> => {
    // Entries come in stream order: only a page's first ones can be at or before `lastId`.
    let start = 0;
    while (start < raw.length && compareIds(raw[start]![0], lastId) <= 0) start++;
    const fresh = start === 0 ? raw : raw.slice(start);
    if (fresh.length === 0) return;
    lastId = fresh.at(-1)![0];
    const evicted = mirror.apply(decodeEntries(fresh, skip), tell);
    if (evicted.length > 0) {
      await withDeadline(writer.xdel(stream, ...evicted), timeoutMs, 'delete dropped examples');
    }
  };

  /**
   * After a read that covered the stream up to `covered`, with the `XINFO STREAM` taken right
   * after it: drops what was trimmed or aged out, and says whether the mirror must be rebuilt
   * (entries not yet read were trimmed, or the stream is gone or younger than what was read).
   */
  const settle = (info: unknown, covered: string): boolean => {
    const dropped = [];
    const lastGenerated = streamInfoField(info, 'last-generated-id');
    const recreated =
      covered !== '0' &&
      (info === undefined ||
        (typeof lastGenerated === 'string' && compareIds(lastGenerated, covered) < 0));
    if (recreated || trimmedSince(info, lastId)) return true;
    if (info !== undefined) {
      const first = streamInfoField(info, 'first-entry');
      const firstId = Array.isArray(first) && typeof first[0] === 'string' ? first[0] : undefined;
      dropped.push(...mirror.trimBefore(firstId));
    }
    if (maxAgeMs !== undefined) dropped.push(...mirror.expire(Date.now() - maxAgeMs));
    if (dropped.length > 0) tell({ type: 'dropped', examples: dropped });
    return false;
  };

  const exec = async (batch: ChainableCommander, what: string) => {
    const results = await withDeadline(batch.exec(), timeoutMs, what);
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('transaction was discarded');
    return results;
  };

  /** Rebuilds the mirror from the whole stream, telling subscribers what changed. */
  const reload = async (): Promise<void> => {
    reloading = true;
    stale = false;
    try {
      const fresh = createExampleMirror(bounds);
      let end = '0';
      for (;;) {
        const page = parsePage(
          await withDeadline(
            readPage(writer, stream, end, READ_PAGE),
            timeoutMs,
            'reload examples',
          ),
        );
        fresh.apply(decodeEntries(page, skip), () => undefined);
        if (page.length > 0) end = page.at(-1)![0];
        if (page.length < READ_PAGE) break;
      }
      if (maxAgeMs !== undefined) fresh.expire(Date.now() - maxAgeMs);
      // Subscribers hear the difference, usually nothing, rather than a reset to read it all again.
      const identity = (example: ToolExample) => `${exampleKey(example)}@${example.at}`;
      const before = new Map(mirror.examples().map((example) => [identity(example), example]));
      const added = fresh.examples().filter((example) => !before.delete(identity(example)));
      mirror = fresh;
      lastId = end;
      if (before.size > 0) tell({ type: 'dropped', examples: [...before.values()] });
      if (added.length > 0) tell({ type: 'added', examples: added });
    } finally {
      reloading = false;
    }
  };

  /** Store calls that read Redis run one at a time, so a rebuild never interleaves with a catch-up. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  /** Applies every entry up to the stream's end now, on the writer connection (not waiting for the follower). */
  const catchUp = (what: string): Promise<void> =>
    serial(async () => {
      if (stale) return reload();
      for (;;) {
        const from = lastId;
        const results = await withDeadline(
          readPage(writer.multi(), stream, from, READ_PAGE).xinfo('STREAM', stream).exec(),
          timeoutMs,
          what,
        );
        const [range, info] = results ?? [];
        if (!range || range[0]) throw range?.[0] ?? new Error('transaction was discarded');
        const page = parsePage(range[1]);
        await applyNew(page);
        if (settle(info?.[0] ? undefined : info?.[1], page.at(-1)?.[0] ?? from)) return reload();
        if (page.length < READ_PAGE) return;
      }
    });

  /**
   * Rewrites the stream with only the live examples' entries and swaps it in atomically: XDEL
   * leaves an entry's bytes in the stream's node (and so in a dump) until the node is freed, so
   * a forgotten request is erased only by a rewrite. Gives up, saying so, if other processes
   * keep appending.
   */
  const compact = async (): Promise<void> => {
    // In the stream's hash slot, so Redis Cluster lets the swap script use both keys.
    const copy = keyInSlotOf(
      stream,
      `:rewrite:${process.pid}:${Math.random().toString(36).slice(2)}`,
    );
    for (let attempt = 0; attempt < COMPACT_TRIES; attempt++) {
      await catchUp('read examples before rewriting the stream');
      const { live, readTo } = await serial(async () => ({
        live: mirror.entries(),
        readTo: lastId,
      }));
      for (let from = 0; from < live.length; from += PAGE) {
        const batch = writer.multi();
        for (const { id, example } of live.slice(from, from + PAGE)) {
          batch.xadd(copy, id, ...addFields({ ...example, at: example.at ?? 0 }));
        }
        batch.pexpire(copy, COPY_TTL_MS);
        await exec(batch, 'rewrite the examples stream');
      }
      const swapped = await withDeadline(
        writer.eval(SWAP_SCRIPT, 2, stream, copy, readTo),
        timeoutMs,
        'swap in the rewritten stream',
      );
      if (swapped === 1) return;
    }
    onWarning(
      `${label}: other processes kept appending while forgotten examples were being erased; their entries are deleted but their bytes stay in Redis until the next forget rewrites the stream`,
    );
  };

  /** Runs a call against Redis, turning an outage into a typed, retryable error. */
  const call = async <T>(
    what: string,
    consequence: string,
    callOptions: CallOptions | undefined,
    work: () => Promise<T>,
  ): Promise<T> => {
    if (closed) {
      throw new InvalidArgumentError({
        argument: label,
        expected: 'an open store',
        message: `${label}.${what}: the store was closed; open a new one`,
      });
    }
    throwIfAborted(callOptions?.signal);
    const running = (async () => {
      try {
        await whenReady(writer, connectMs);
        return await work();
      } catch (error) {
        throw redisCallError(`${label}.${what}`, error, consequence, [stream]);
      }
    })();
    return raceAbort(running, callOptions?.signal);
  };

  const follow = async (): Promise<void> => {
    let loaded = false;
    while (!closed) {
      try {
        await whenReady(reader, connectMs);
        if (stale) await serial(async () => (stale ? reload() : undefined));
        // The first read of a long stream goes through catchUp alone, not decoded twice.
        if (!loaded) await whenReady(writer, connectMs).then(() => catchUp('read examples'));
        loaded = true;
        const readFrom = lastId;
        const results = await withDeadline(
          reader
            .pipeline()
            .xread('COUNT', PAGE, 'BLOCK', blockMs, 'STREAMS', stream, readFrom)
            .xinfo('STREAM', stream)
            .exec(),
          blockMs + timeoutMs,
          'read examples',
        );
        const [read, info] = results ?? [];
        if (!read || read[0]) throw read?.[0] ?? new Error('read was discarded');
        notice.recovered();
        if (closed || reloading) continue;
        const entries = (read[1] as [string, RawEntry[]][] | null)?.[0]?.[1] ?? [];
        await applyNew(entries);
        const covered = entries.at(-1)?.[0] ?? readFrom;
        if (settle(info?.[0] ? undefined : info?.[1], covered)) await serial(reload);
      } catch (error) {
        if (closed) break;
        notice.failed('read', error, [stream]);
        // A stalled read: start afresh (a reply error, such as a full Redis, leaves the link sound).
        if (reader.status === 'ready' && error instanceof DeadlineError) reader.disconnect(true);
        await sleep(retryMs);
      }
    }
  };
  const following = follow();

  return {
    async addExamples(examples, callOptions) {
      const checked = checkExamples(
        examples,
        `${label}.addExamples(examples)`,
        (tool) => tool !== '',
      );
      if (checked.length === 0) return;
      return call(
        'addExamples',
        'the examples may not be kept; learning can go on without them or try again',
        callOptions,
        async () => {
          const now = Date.now();
          const batch = writer.multi();
          for (const example of checked) {
            batch.xadd(
              stream,
              'MAXLEN',
              maxExamples * STREAM_SLACK,
              '*',
              ...addFields({ ...example, at: example.at ?? now }),
            );
          }
          if (maxAgeMs !== undefined)
            batch.xtrim(stream, 'MINID', `${Math.floor(now - maxAgeMs)}-0`);
          await exec(batch, 'add examples');
          await catchUp('deliver added examples');
        },
      );
    },
    async readExamples(callOptions) {
      return call('readExamples', 'try again when Redis is back', callOptions, async () => {
        await catchUp('read examples');
        return mirror.examples();
      });
    },
    async forgetExamples(selector, callOptions) {
      const checked = checkSelector(selector, `${label}.forgetExamples(selector)`);
      return call(
        'forgetExamples',
        'nothing may have been forgotten; try again',
        callOptions,
        async () => {
          await catchUp('read examples before forgetting');
          const { count, ids } = mirror.matching(checked);
          const batch = writer.multi();
          // Erase the examples' entries for good; the forget entry tells every process, in order.
          if ('all' in checked) batch.xtrim(stream, 'MAXLEN', 0);
          else if (ids.length > 0) batch.xdel(stream, ...ids);
          batch.xadd(stream, 'MAXLEN', maxExamples * STREAM_SLACK, '*', ...forgetFields(checked));
          await exec(batch, 'forget examples');
          await catchUp('deliver the forget');
          // The deleted entries' bytes, and a forget that names a request, go with a rewrite.
          if (count > 0 || 'query' in checked || 'queryContains' in checked) await compact();
          return count;
        },
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      reader.disconnect();
      writer.disconnect();
      await following;
      await queue;
    },
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import { CorruptDataError, InvalidArgumentError, type Picker, toTools } from '@shortlist/core';
import type { WarningHandler } from '@shortlist/core/kit';
import { type Change, publishChanges, stateLostMessage } from './catalogue-publish.js';
import { memorySettingsProblem, parseMemorySettings } from './memory-settings.js';
import { outageNotice, warnToConsole } from './outage-notice.js';
import { openClient, positiveInteger, type RedisTarget, whenReady } from './redis-connection.js';
import { compareIds, trimmedSince } from './stream-ids.js';
import { DeadlineError, withDeadline } from './with-deadline.js';

export interface CatalogueSyncOptions {
  /** A Redis URL or an ioredis client (duplicated: one connection reads, one writes). */
  readonly redis: RedisTarget;
  /** Prefix of every key written. @default 'shortlist:' */
  readonly prefix?: string;
  /** Which shared catalogue; processes with the same name share changes. @default 'default' */
  readonly catalogue?: string;
  /**
   * Stream id to read after: '0' replays every change still in the stream on top of the
   * picker's tools (after a resync from the catalogue state if older changes were trimmed).
   * @default '0'
   */
  readonly fromId?: string;
  /** The stream keeps about this many recent changes (`XADD MAXLEN ~`). @default 10000 */
  readonly maxEntries?: number;
  /** Changes older than this are trimmed too (`XTRIM MINID ~`, by this process's clock); none when absent. */
  readonly maxAgeMs?: number;
  /** Longest wait for one Redis write; past it the change is kept and published later. @default 250 */
  readonly timeoutMs?: number;
  /** How long one blocking read waits for news before checking in again. @default 1000 */
  readonly blockMs?: number;
  /** Pause before trying an unreachable Redis again. @default 250 */
  readonly retryMs?: number;
  /** Told once when Redis becomes unreachable and when it returns, and of skipped entries. @default console.warn */
  readonly onWarning?: WarningHandler;
  /** Called after each change from the stream is applied to the picker (for metrics). */
  readonly onApplied?: (change: { readonly id: string; readonly names: readonly string[] }) => void;
  /** Called after a resync from the catalogue state, with the stream id it brought the picker to. */
  readonly onResync?: (resync: { readonly id: string; readonly changed: number }) => void;
}

/** A picker's link to the shared catalogue: change it here and every process follows. */
export interface CatalogueSync {
  /** Adds (or replaces) tools here at once and publishes them to every process. */
  add(tools: readonly unknown[]): Promise<void>;
  /** Removes tools here at once and publishes the removal to every process. */
  remove(names: readonly string[]): Promise<void>;
  /** The last stream id applied; pass it as `fromId` to resume after a restart. */
  readonly lastId: string;
  /** Times the picker was brought up to date from the catalogue state because changes it had not read were trimmed. */
  readonly resyncs: number;
  /** Changes made while Redis was unreachable, waiting to be published. */
  readonly pendingChanges: number;
  /**
   * Resolves once every change in the stream at the time of the call is applied here; waits for
   * an unreachable Redis. Rejects with `CorruptDataError` when the catalogue state was lost
   * (evicted) after older changes were trimmed: this process cannot hold the whole catalogue;
   * with `InvalidArgumentError` when Redis has maxmemory set and an `allkeys-*` policy.
   */
  caughtUp(): Promise<void>;
  /** Stops following; the picker keeps its tools. */
  close(): Promise<void>;
}

const FIRST_CONNECT_MS = 2000;

/**
 * Keeps a picker in step with a catalogue shared over a Redis Stream. Each process applies the
 * stream in its one order, and an add of a name already present replaces it only when the
 * definition differs, so concurrent adds converge on the stream's last word.
 */
export function syncCatalogue(picker: Picker, given: CatalogueSyncOptions): CatalogueSync {
  const options: Partial<CatalogueSyncOptions> = given ?? {};
  if (!picker || typeof picker.add !== 'function' || typeof picker.remove !== 'function') {
    throw new InvalidArgumentError({
      argument: 'syncCatalogue(picker)',
      expected: 'a Picker from pipe(...).index(tools)',
      message: 'syncCatalogue(picker, { redis }): the first argument must be a picker',
    });
  }
  const stream = `${options.prefix ?? 'shortlist:'}catalogue:${options.catalogue ?? 'default'}`;
  /** The stream's last word on every name it ever carried ('' for a removal), for resyncs. */
  const stateKey = `${stream}:state`;
  const maxEntries = positiveInteger(
    options.maxEntries,
    10_000,
    'syncCatalogue(options.maxEntries)',
  );
  const maxAgeMs =
    options.maxAgeMs === undefined
      ? undefined
      : positiveInteger(options.maxAgeMs, 0, 'syncCatalogue(options.maxAgeMs)');
  const timeoutMs = positiveInteger(options.timeoutMs, 250, 'syncCatalogue(options.timeoutMs)');
  const blockMs = positiveInteger(options.blockMs, 1000, 'syncCatalogue(options.blockMs)');
  const retryMs = positiveInteger(options.retryMs, 250, 'syncCatalogue(options.retryMs)');
  // The first connection may take longer than one command (a busy machine); it is waited once.
  const connectMs = Math.max(timeoutMs, FIRST_CONNECT_MS);
  const onWarning = options.onWarning ?? warnToConsole;
  const writer = openClient(options.redis, 'syncCatalogue(options.redis)');
  const reader = openClient(options.redis, 'syncCatalogue(options.redis)');
  writer.on('error', () => undefined);
  reader.on('error', () => undefined);
  const notice = outageNotice(`syncCatalogue(${stream})`, onWarning);
  let lastId = options.fromId ?? '0';
  let closed = false;
  let resyncs = 0;
  /** Set once the catalogue state turned out lost: this process cannot hold the whole catalogue. */
  let lost: CorruptDataError | undefined;
  let memoryChecked = false;
  /** Set when Redis's maxmemory-policy may evict the stream or the state (allkeys-*). */
  let unfit: InvalidArgumentError | undefined;
  /** Settled once the first check for trimmed changes ran (caughtUp waits for it). */
  let checkedOnce: () => void = () => undefined;
  const firstCheck = new Promise<void>((resolve) => {
    checkedOnce = resolve;
  });
  const pending: Change[][] = [];
  /** The definition each tool in the picker was added with, to tell a repeat from a change. */
  const known = new Map<string, string>();
  for (const tool of picker.tools()) known.set(tool.name, JSON.stringify(tool.original));
  /** Picker changes run one at a time, so a check and the change it decides stay together. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const waiters: { id: string; resolve: () => void }[] = [];

  const applyChanges = (changes: readonly Change[]) =>
    serial(async () => {
      for (const change of changes) {
        const current = known.get(change.name);
        if (change.op === 'remove') {
          if (current === undefined) continue;
          await picker.remove([change.name]);
          known.delete(change.name);
          continue;
        }
        if (current === change.tool) continue;
        if (current !== undefined) {
          await picker.remove([change.name]);
          known.delete(change.name);
        }
        await picker.add([JSON.parse(change.tool)]);
        known.set(change.name, change.tool);
      }
    });

  /** Applies one change per name in two picker calls (removals, then additions); returns how many changed. */
  const applyState = (changes: readonly Change[]) =>
    serial(async () => {
      const remove: string[] = [];
      const add: { name: string; tool: string }[] = [];
      for (const change of changes) {
        const current = known.get(change.name);
        // Present in the picker, whether it came through sync or not.
        const present = current !== undefined || picker.get(change.name) !== undefined;
        if (change.op === 'remove') {
          if (present) remove.push(change.name);
        } else if (current !== change.tool) {
          if (present) remove.push(change.name);
          add.push(change);
        }
      }
      if (remove.length > 0) {
        await picker.remove(remove);
        for (const name of remove) known.delete(name);
      }
      if (add.length > 0) {
        await picker.add(add.map((change) => JSON.parse(change.tool)));
        for (const change of add) known.set(change.name, change.tool);
      }
      return new Set([...remove, ...add.map((change) => change.name)]).size;
    });

  const publish = async (changes: readonly Change[]): Promise<void> => {
    await whenReady(writer, timeoutMs);
    // The entries, the state they leave and the trim go together (one script), so a resync
    // reads a state that matches a stream id exactly.
    const minId = maxAgeMs === undefined ? undefined : `${Date.now() - maxAgeMs}-0`;
    await withDeadline(
      publishChanges(writer, { stream, stateKey }, changes, { maxEntries, minId }),
      timeoutMs,
      'publish change',
    );
    notice.written();
  };

  const closedError = () =>
    new InvalidArgumentError({
      argument: 'syncCatalogue',
      expected: 'an open sync',
      message: `syncCatalogue(${stream}) was closed; change the picker through a new sync`,
    });

  const change = async (changes: Change[]): Promise<void> => {
    if (closed) throw closedError();
    await applyChanges(changes);
    if (pending.length > 0) {
      pending.push(changes); // keep the order: earlier offline changes go first
      return;
    }
    try {
      await publish(changes);
    } catch (error) {
      notice.failed('publish', error, [stream, stateKey]);
      pending.push(changes);
    }
  };

  const publishPending = async (): Promise<void> => {
    while (pending.length > 0) {
      await publish(pending[0]!);
      pending.shift();
    }
  };

  const parse = (id: string, fields: string[]): Change | undefined => {
    const record: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
    const { op, name, tool } = record;
    if (typeof name === 'string' && op === 'remove') return { op, name };
    if (typeof name === 'string' && op === 'add' && typeof tool === 'string') {
      try {
        const [parsed] = toTools([JSON.parse(tool)]);
        if (parsed?.name === name) return { op, name, tool };
      } catch {
        // reported below
      }
    }
    onWarning(`syncCatalogue(${stream}): skipped entry ${id}, which is not a valid change`);
    return undefined;
  };

  const settleWaiters = (): void => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (compareIds(waiters[i]!.id, lastId) <= 0) waiters.splice(i, 1)[0]!.resolve();
    }
  };

  /**
   * Brings the picker to the catalogue state (the stream's last word on every name) and the
   * stream id it matches, read together: what replaying the trimmed changes would have done.
   */
  const resync = async (): Promise<void> => {
    const results = await withDeadline(
      reader
        .multi()
        .hgetall(stateKey)
        .xrevrange(stream, '+', '-', 'COUNT', 1)
        .xinfo('STREAM', stream)
        .exec(),
      blockMs + timeoutMs,
      'read catalogue state',
    );
    const [stateResult, latestResult, infoResult] = results ?? [];
    if (!stateResult || !latestResult || stateResult[0] || latestResult[0]) {
      throw stateResult?.[0] ?? latestResult?.[0] ?? new Error('transaction was discarded');
    }
    const state = stateResult[1] as Record<string, string>;
    const [latest] = latestResult[1] as [string, string[]][];
    // Every publish writes the state, so a trimmed stream without one lost it (an eviction).
    const info = infoResult && !infoResult[0] ? infoResult[1] : undefined;
    if (!lost && Object.keys(state).length === 0 && trimmedSince(info, '0')) {
      lost = new CorruptDataError({
        source: stateKey,
        message: `syncCatalogue(${stream}): ${stateLostMessage(stream, stateKey)}`,
      });
      onWarning(`${lost.message}; this process holds only part of the shared catalogue`);
    }
    const changes: Change[] = [];
    for (const [name, tool] of Object.entries(state)) {
      const change =
        tool === ''
          ? parse(`state:${name}`, ['op', 'remove', 'name', name])
          : parse(`state:${name}`, ['op', 'add', 'name', name, 'tool', tool]);
      if (change) changes.push(change);
    }
    let changed = 0;
    try {
      changed = await applyState(changes);
    } catch (error) {
      // Like an entry that cannot be applied: said, skipped, and not retried for ever.
      onWarning(
        `syncCatalogue(${stream}): could not apply the catalogue state (${error instanceof Error ? error.message : String(error)}); skipped`,
      );
    }
    if (latest && compareIds(latest[0], lastId) > 0) lastId = latest[0];
    resyncs++;
    options.onResync?.({ id: lastId, changed });
    settleWaiters();
  };

  const follow = async (): Promise<void> => {
    /** Whether the trimmed-changes check ran on this connection (again after any failure). */
    let checked = false;
    while (!closed) {
      try {
        await whenReady(reader, connectMs);
        if (!checked) {
          const [infoResult, stateResult, memoryResult] =
            (await withDeadline(
              reader.pipeline().xinfo('STREAM', stream).type(stateKey).info('memory').exec(),
              timeoutMs,
              'check for trimmed changes',
            )) ?? [];
          const info = infoResult?.[0] ? undefined : infoResult?.[1]; // no stream: nothing trimmed
          if (!memoryChecked) {
            memoryChecked = true;
            const problem = memorySettingsProblem(parseMemorySettings(memoryResult?.[1]));
            const message = problem && `syncCatalogue(${stream}): ${problem.message}`;
            if (message) onWarning(message);
            // Redis may drop what this process would need to hold the whole catalogue.
            if (message && problem.evicts) {
              unfit = new InvalidArgumentError({
                argument: 'syncCatalogue(options.redis)',
                expected: 'a Redis with maxmemory-policy noeviction or volatile-*',
                message,
              });
            }
          }
          // The state holds the last word on every name: a stream gone (deleted, evicted) with
          // the state still there is a resync from it.
          const fromState = info === undefined && !stateResult?.[0] && stateResult?.[1] === 'hash';
          if (trimmedSince(info, lastId) || fromState) await resync();
          checked = true;
          checkedOnce();
        }
        // XINFO right after the read, on the same connection: if changes newer than where this
        // read started were trimmed meanwhile (a reader far behind), resync instead.
        const readFrom = lastId;
        const results = await withDeadline(
          reader
            .pipeline()
            .xread('COUNT', 500, 'BLOCK', blockMs, 'STREAMS', stream, readFrom)
            .xinfo('STREAM', stream)
            .exec(),
          blockMs + timeoutMs,
          'read changes',
        );
        const [readResult, infoResult] = results ?? [];
        if (!readResult || readResult[0]) throw readResult?.[0] ?? new Error('read was discarded');
        notice.recovered();
        if (trimmedSince(infoResult?.[0] ? undefined : infoResult?.[1], readFrom)) {
          await resync();
          continue;
        }
        const reply = readResult[1] as [string, [string, string[]][]][] | null;
        for (const [, entries] of reply ?? []) {
          for (const [id, fields] of entries) {
            const parsed = parse(id, fields);
            if (parsed) {
              try {
                await applyChanges([parsed]);
                options.onApplied?.({ id, names: [parsed.name] });
              } catch (error) {
                onWarning(
                  `syncCatalogue(${stream}): could not apply entry ${id} (${error instanceof Error ? error.message : String(error)}); skipped`,
                );
              }
            }
            lastId = id;
          }
        }
        settleWaiters();
      } catch (error) {
        checked = false;
        if (closed) break;
        notice.failed('read', error, [stream, stateKey]);
        // A stalled read: start afresh (a reply error, such as a full Redis, leaves the link sound).
        if (reader.status === 'ready' && error instanceof DeadlineError) reader.disconnect(true);
        await sleep(retryMs);
        continue;
      }
      // Redis answered: publish what was changed here while it could not be reached.
      await publishPending().catch((error) => notice.failed('publish', error, [stream, stateKey]));
    }
  };
  const following = follow();

  return {
    async add(tools) {
      const parsed = toTools(tools);
      return change(
        parsed.map((tool) => ({ op: 'add', name: tool.name, tool: JSON.stringify(tool.original) })),
      );
    },
    async remove(names) {
      if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
        throw new InvalidArgumentError({
          argument: 'remove(names)',
          expected: 'an array of tool names',
          message: 'syncCatalogue(...).remove(names) takes an array of tool names',
        });
      }
      return change(names.map((name) => ({ op: 'remove', name })));
    },
    get lastId() {
      return lastId;
    },
    get resyncs() {
      return resyncs;
    },
    get pendingChanges() {
      return pending.reduce((sum, changes) => sum + changes.length, 0);
    },
    async caughtUp() {
      await firstCheck; // released by close() too
      if (lost ?? unfit) throw lost ?? unfit;
      let latest: [string, string[]] | undefined;
      for (;;) {
        if (closed) throw closedError();
        try {
          await whenReady(writer, connectMs);
          [latest] = (await withDeadline(
            writer.xrevrange(stream, '+', '-', 'COUNT', 1),
            timeoutMs,
            'read latest change',
          )) as [string, string[]][];
          break;
        } catch {
          await sleep(retryMs); // Redis away: wait for it, as this call promises
        }
      }
      if (!latest || compareIds(latest[0], lastId) <= 0) return;
      await new Promise<void>((resolve) => waiters.push({ id: latest[0], resolve }));
    },
    async close() {
      closed = true;
      checkedOnce();
      reader.disconnect();
      writer.disconnect();
      await following;
      await queue;
    },
  };
}

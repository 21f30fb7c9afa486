import { InvalidArgumentError, type Picker } from '@shortlist/core';
import type { WarningHandler } from '@shortlist/core/kit';
import { catalogueResync } from './catalogue-resync.js';
import { caughtUp } from './caught-up.js';
import { changeReader } from './change-reader.js';
import { followChanges } from './follow-changes.js';
import { localChanges } from './local-changes.js';
import { outageNotice } from './outage-notice.js';
import { changeParser } from './parse-change.js';
import { pendingChanges } from './pending-changes.js';
import { pickerChanges } from './picker-changes.js';
import { openClient, type RedisTarget } from './redis-connection.js';
import { streamPosition } from './stream-position.js';
import { syncSettings } from './sync-settings.js';

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
  const settings = syncSettings(options);
  const { label } = settings;
  const writer = openClient(options.redis, 'syncCatalogue(options.redis)');
  const reader = openClient(options.redis, 'syncCatalogue(options.redis)');
  writer.on('error', () => undefined);
  reader.on('error', () => undefined);
  const notice = outageNotice(label, settings.onWarning);
  const position = streamPosition(settings.fromId);
  let closed = false;
  /** Settled once the first check for trimmed changes ran (caughtUp waits for it). */
  let checkedOnce: () => void = () => undefined;
  const firstCheck = new Promise<void>((resolve) => {
    checkedOnce = resolve;
  });
  const changes = pickerChanges(picker);
  const pending = pendingChanges(writer, settings, notice);
  const parse = changeParser(label, settings.onWarning);
  const resync = catalogueResync(reader, settings, position, changes, parse);
  const reading = changeReader({ reader, settings, position, changes, resync, notice, parse });

  const checkOpen = (): void => {
    if (closed) {
      throw new InvalidArgumentError({
        argument: 'syncCatalogue',
        expected: 'an open sync',
        message: `${label} was closed; change the picker through a new sync`,
      });
    }
  };
  const local = localChanges({ changes, pending, checkOpen });

  const following = followChanges({
    reader,
    reading,
    pending,
    settings,
    notice,
    isClosed: () => closed,
    onChecked: () => checkedOnce(),
  });

  return {
    add: local.add,
    remove: local.remove,
    get lastId() {
      return position.lastId;
    },
    get resyncs() {
      return resync.count;
    },
    get pendingChanges() {
      return pending.count;
    },
    caughtUp: caughtUp({
      writer,
      settings,
      position,
      firstCheck,
      problem: () => resync.lost ?? reading.unfit,
      checkOpen,
    }),
    async close() {
      closed = true;
      checkedOnce();
      reader.disconnect();
      writer.disconnect();
      await following;
      await changes.settled();
    },
  };
}

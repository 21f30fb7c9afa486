import { InvalidArgumentError } from '@shortlist/core';
import type { Redis } from 'ioredis';
import type { Change } from './catalogue-publish.js';
import type { CatalogueResync } from './catalogue-resync.js';
import { memorySettingsProblem, parseMemorySettings } from './memory-settings.js';
import type { OutageNotice } from './outage-notice.js';
import type { PickerChanges } from './picker-changes.js';
import { trimmedSince } from './stream-ids.js';
import type { StreamPosition } from './stream-position.js';
import type { SyncSettings } from './sync-settings.js';
import { withDeadline } from './with-deadline.js';

/**
 * Reads the shared changes on the reader connection and applies them here, resyncing from the
 * catalogue state instead whenever changes this process had not read yet were trimmed.
 */
export interface ChangeReader {
  /** Set when Redis's maxmemory-policy may evict the stream or the state (allkeys-*). */
  readonly unfit: InvalidArgumentError | undefined;
  /**
   * Run on each fresh connection: resyncs when changes after the position were trimmed or the
   * stream is gone with its state kept; checks Redis's memory policy the first time.
   */
  check(): Promise<void>;
  /** Reads and applies the next changes (waiting up to `blockMs`); false when a resync came instead. */
  readOnce(): Promise<boolean>;
}

/** The reader of `settings.stream` through `reader`. */
export function changeReader(parts: {
  readonly reader: Redis;
  readonly settings: SyncSettings;
  readonly position: StreamPosition;
  readonly changes: PickerChanges;
  readonly resync: CatalogueResync;
  readonly notice: OutageNotice;
  readonly parse: (id: string, fields: string[]) => Change | undefined;
}): ChangeReader {
  const { reader, settings, position, changes, resync, notice, parse } = parts;
  const { stream, stateKey, label, timeoutMs, blockMs, onWarning } = settings;
  let memoryChecked = false;
  let unfit: InvalidArgumentError | undefined;

  return {
    get unfit() {
      return unfit;
    },

    async check() {
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
        const message = problem && `${label}: ${problem.message}`;
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
      if (trimmedSince(info, position.lastId) || fromState) await resync.run();
    },

    async readOnce() {
      // XINFO right after the read, on the same connection: if changes newer than where this
      // read started were trimmed meanwhile (a reader far behind), resync instead.
      const readFrom = position.lastId;
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
        await resync.run();
        return false;
      }
      const reply = readResult[1] as [string, [string, string[]][]][] | null;
      for (const [, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          const parsed = parse(id, fields);
          if (parsed) {
            try {
              await changes.apply([parsed]);
              settings.onApplied({ id, names: [parsed.name] });
            } catch (error) {
              onWarning(
                `${label}: could not apply entry ${id} (${error instanceof Error ? error.message : String(error)}); skipped`,
              );
            }
          }
          position.lastId = id;
        }
      }
      position.settle();
      return true;
    },
  };
}

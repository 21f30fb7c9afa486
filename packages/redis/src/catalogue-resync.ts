import { CorruptDataError } from '@shortlist/core';
import type { Redis } from 'ioredis';
import { type Change, stateLostMessage } from './catalogue-publish.js';
import type { PickerChanges } from './picker-changes.js';
import { compareIds, trimmedSince } from './stream-ids.js';
import type { StreamPosition } from './stream-position.js';
import type { SyncSettings } from './sync-settings.js';
import { withDeadline } from './with-deadline.js';

/**
 * Brings the picker to the catalogue state (the stream's last word on every name) and the stream
 * id it matches, read together: what replaying changes trimmed before they were read would have done.
 */
export interface CatalogueResync {
  /** Times the picker was brought up to date this way. */
  readonly count: number;
  /** Set once the catalogue state turned out lost: this process cannot hold the whole catalogue. */
  readonly lost: CorruptDataError | undefined;
  /** Reads the state, applies it and moves the position to the stream's latest id. */
  run(): Promise<void>;
}

/** Resyncs through `reader`, applying to the picker through `changes`. */
export function catalogueResync(
  reader: Redis,
  settings: SyncSettings,
  position: StreamPosition,
  changes: PickerChanges,
  parse: (id: string, fields: string[]) => Change | undefined,
): CatalogueResync {
  const { stream, stateKey, label, blockMs, timeoutMs, onWarning } = settings;
  let count = 0;
  let lost: CorruptDataError | undefined;

  const run = async (): Promise<void> => {
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
        message: `${label}: ${stateLostMessage(stream, stateKey)}`,
      });
      onWarning(`${lost.message}; this process holds only part of the shared catalogue`);
    }
    const parsed: Change[] = [];
    for (const [name, tool] of Object.entries(state)) {
      const change =
        tool === ''
          ? parse(`state:${name}`, ['op', 'remove', 'name', name])
          : parse(`state:${name}`, ['op', 'add', 'name', name, 'tool', tool]);
      if (change) parsed.push(change);
    }
    let changed = 0;
    try {
      changed = await changes.applyState(parsed);
    } catch (error) {
      // Like an entry that cannot be applied: said, skipped, and not retried for ever.
      onWarning(
        `${label}: could not apply the catalogue state (${error instanceof Error ? error.message : String(error)}); skipped`,
      );
    }
    if (latest && compareIds(latest[0], position.lastId) > 0) position.lastId = latest[0];
    count++;
    settings.onResync({ id: position.lastId, changed });
    position.settle();
  };

  return {
    get count() {
      return count;
    },
    get lost() {
      return lost;
    },
    run,
  };
}

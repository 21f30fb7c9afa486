import type { Redis } from 'ioredis';
import { type Change, publishChanges } from './catalogue-publish.js';
import type { OutageNotice } from './outage-notice.js';
import { whenReady } from './redis-connection.js';
import type { SyncSettings } from './sync-settings.js';
import { withDeadline } from './with-deadline.js';

/**
 * Changes made here on their way to the stream: published at once when Redis takes them, else
 * kept, in order, and published oldest first once Redis answers again.
 */
export interface PendingChanges {
  /** Changes kept, waiting to be published. */
  readonly count: number;
  /** Publishes `changes`, or keeps them when Redis cannot take them or earlier changes wait. */
  send(changes: Change[]): Promise<void>;
  /** Publishes the kept changes, oldest first; rejects at the first Redis does not take. */
  flush(): Promise<void>;
}

/** The pending changes published through `writer`. */
export function pendingChanges(
  writer: Redis,
  settings: SyncSettings,
  notice: OutageNotice,
): PendingChanges {
  const { stream, stateKey, timeoutMs, maxAgeMs, maxEntries } = settings;
  const pending: Change[][] = [];

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

  return {
    get count() {
      return pending.reduce((sum, changes) => sum + changes.length, 0);
    },
    async send(changes) {
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
    },
    async flush() {
      while (pending.length > 0) {
        await publish(pending[0]!);
        pending.shift();
      }
    },
  };
}

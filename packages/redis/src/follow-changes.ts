import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { ChangeReader } from './change-reader.js';
import type { OutageNotice } from './outage-notice.js';
import type { PendingChanges } from './pending-changes.js';
import { whenReady } from './redis-connection.js';
import type { SyncSettings } from './sync-settings.js';
import { DeadlineError } from './with-deadline.js';

/**
 * Follows the stream until closed, through outages: a failure is told once, a stalled connection
 * dropped and retried after `retryMs` (checking for trimmed changes again), and what was changed
 * here meanwhile is published once Redis answers.
 */
export async function followChanges(parts: {
  readonly reader: Redis;
  readonly reading: ChangeReader;
  readonly pending: PendingChanges;
  readonly settings: SyncSettings;
  readonly notice: OutageNotice;
  readonly isClosed: () => boolean;
  /** Called each time the check for trimmed changes ran on a fresh connection. */
  readonly onChecked: () => void;
}): Promise<void> {
  const { reader, reading, pending, settings, notice, isClosed, onChecked } = parts;
  const { stream, stateKey } = settings;
  /** Whether the trimmed-changes check ran on this connection (again after any failure). */
  let checked = false;
  while (!isClosed()) {
    try {
      await whenReady(reader, settings.connectMs);
      if (!checked) {
        await reading.check();
        checked = true;
        onChecked();
      }
      if (!(await reading.readOnce())) continue;
    } catch (error) {
      checked = false;
      if (isClosed()) break;
      notice.failed('read', error, [stream, stateKey]);
      // A stalled read: start afresh (a reply error, such as a full Redis, leaves the link sound).
      if (reader.status === 'ready' && error instanceof DeadlineError) reader.disconnect(true);
      await sleep(settings.retryMs);
      continue;
    }
    // Redis answered: publish what was changed here while it could not be reached.
    await pending.flush().catch((error) => notice.failed('publish', error, [stream, stateKey]));
  }
}

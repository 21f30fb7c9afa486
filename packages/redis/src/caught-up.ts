import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { redisCallError } from './redis-call-error.js';
import { whenReady } from './redis-connection.js';
import { classifyRedisFailure } from './redis-failure.js';
import { compareIds } from './stream-ids.js';
import type { StreamPosition } from './stream-position.js';
import type { SyncSettings } from './sync-settings.js';
import { withDeadline } from './with-deadline.js';

/**
 * `caughtUp()`: reads the stream's latest id (waiting out an unreachable Redis, as it promises)
 * and resolves once the reader has applied up to it; a sync that cannot hold the catalogue rejects.
 */
export function caughtUp(parts: {
  readonly writer: Redis;
  readonly settings: SyncSettings;
  readonly position: StreamPosition;
  /** Settles once the first check for trimmed changes ran, or the sync closed. */
  readonly firstCheck: Promise<void>;
  /** Why this process cannot hold the whole catalogue, if it cannot. */
  readonly problem: () => Error | undefined;
  /** Throws when the sync was closed. */
  readonly checkOpen: () => void;
}): () => Promise<void> {
  const { writer, settings, position, firstCheck, problem, checkOpen } = parts;
  return async () => {
    await firstCheck; // released by close() too
    const unable = problem();
    if (unable) throw unable;
    let latest: [string, string[]] | undefined;
    for (;;) {
      checkOpen();
      try {
        await whenReady(writer, settings.connectMs);
        [latest] = (await withDeadline(
          writer.xrevrange(settings.stream, '+', '-', 'COUNT', 1),
          settings.timeoutMs,
          'read latest change',
        )) as [string, string[]][];
        break;
      } catch (error) {
        // Redis away: wait for it, as this call promises. A key of another type never changes
        // by waiting: say so.
        if (classifyRedisFailure(error, [settings.stream]).kind === 'wrong-type') {
          throw redisCallError(
            `${settings.label} caughtUp()`,
            error,
            'the shared catalogue cannot be read',
            [settings.stream],
          );
        }
        await sleep(settings.retryMs);
      }
    }
    if (!latest || compareIds(latest[0], position.lastId) <= 0) return;
    await position.reach(latest[0]);
  };
}

import { compareIds } from './stream-ids.js';

/**
 * The last stream id applied here, and the `caughtUp()` calls waiting for it to reach theirs;
 * waiters are settled after a whole batch of changes (or a resync) is applied.
 */
export interface StreamPosition {
  /** The last stream id applied; the next read starts after it. */
  lastId: string;
  /** Resolves once a `settle()` finds `lastId` at or past `id`. */
  reach(id: string): Promise<void>;
  /** Resolves every waiter whose id `lastId` has reached. */
  settle(): void;
}

/** A position at `fromId` with no one waiting. */
export function streamPosition(fromId: string): StreamPosition {
  const waiters: { id: string; resolve: () => void }[] = [];
  const position: StreamPosition = {
    lastId: fromId,
    reach: (id) => new Promise<void>((resolve) => waiters.push({ id, resolve })),
    settle() {
      for (let i = waiters.length - 1; i >= 0; i--) {
        if (compareIds(waiters[i]!.id, position.lastId) <= 0) waiters.splice(i, 1)[0]!.resolve();
      }
    },
  };
  return position;
}

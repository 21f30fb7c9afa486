import type { Redis } from 'ioredis';
import { whenReady } from './redis-connection.js';
import { withDeadline } from './with-deadline.js';

/** What the pointer named, its snapshot, or why Redis could not be read. */
export interface Latest {
  readonly catalogue?: string;
  readonly value?: Buffer | null;
  readonly error?: unknown;
}

/**
 * Reads the pointer (the catalogue digest of the latest snapshot stored for one configuration
 * and one list of tool names) and the snapshot `<base><digest>` it names, while the caller is
 * still digesting its catalogue. One wait for the connection, then one bounded wait for both
 * reads, as the direct read has; an absent pointer is no error.
 */
export async function readLatest(
  client: Redis,
  pointer: string,
  base: string,
  timeoutMs: number,
): Promise<Latest> {
  try {
    await whenReady(client, timeoutMs);
    return await withDeadline(
      (async () => {
        const catalogue = await client.get(pointer);
        if (catalogue === null) return {};
        return { catalogue, value: await client.getBuffer(`${base}${catalogue}`) };
      })(),
      timeoutMs,
      'read snapshot',
    );
  } catch (error) {
    return { error };
  }
}

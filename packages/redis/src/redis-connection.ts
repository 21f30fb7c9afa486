import { InvalidArgumentError } from '@shortlist/core';
import { checkInteger } from '@shortlist/core/kit';
import { Redis } from 'ioredis';
import { withDeadline } from './with-deadline.js';

/** A Redis URL (`redis://127.0.0.1:6379/0`) or an ioredis client you configured yourself. */
export type RedisTarget = string | Redis;

/** Reconnect quickly and for ever: a fleet outlives Redis restarts. */
const retryStrategy = (times: number): number => Math.min(50 * times, 1000);

/**
 * Opens a client that fails fast while disconnected (no offline queue) and does not resend, on
 * reconnecting, commands our deadlines already gave up on: a stale blocking read resent ahead of
 * new commands would make them miss their deadline again, for ever. A given client is
 * duplicated with the same settings.
 */
export function openClient(target: RedisTarget | undefined, argument: string): Redis {
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    autoResendUnfulfilledCommands: false,
    retryStrategy,
    connectTimeout: 2000,
    lazyConnect: false,
  } as const;
  if (typeof target === 'string' && target !== '') return new Redis(target, options);
  if (target instanceof Redis) return target.duplicate(options);
  throw new InvalidArgumentError({
    argument,
    expected: 'a redis:// URL or an ioredis client',
    message: `${argument} must be a Redis URL such as "redis://127.0.0.1:6379" or an ioredis client, got ${
      target === '' ? 'an empty string' : typeof target
    }`,
  });
}

/** Checks an optional positive integer option, naming it in the error. */
export function positiveInteger(value: unknown, fallback: number, argument: string): number {
  return checkInteger(value, argument, { fallback });
}

/** Clients that connected once or were already given their first wait. */
const waited = new WeakSet<Redis>();

/**
 * Resolves when the client can take commands. A fresh client gets one wait of up to `timeoutMs`
 * for its first connection; after that, a client that is not connected fails at once.
 */
export async function whenReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  if (waited.has(client) || client.status === 'end') {
    throw new Error(`connection is ${client.status}`);
  }
  let onReady: (() => void) | undefined;
  try {
    await withDeadline(
      new Promise<void>((resolve) => {
        onReady = resolve;
        client.once('ready', resolve);
      }),
      timeoutMs,
      'connect',
    );
  } finally {
    waited.add(client);
    if (onReady) client.off('ready', onReady);
  }
}

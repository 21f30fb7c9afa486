import type { ApiFailureReason } from '@shortlist/core/kit';
import { DeadlineError } from './with-deadline.js';

/** Why Redis did not serve a call: away, too slow, full, or holding something else under our key. */
export type RedisFailureKind =
  | 'unreachable'
  | 'timeout'
  | 'out-of-memory'
  | 'wrong-type'
  | 'state-lost';

/** A failed Redis call, classified, with the sentence that says what to do about it. */
export interface RedisFailure {
  readonly kind: RedisFailureKind;
  /** For `ApiCallError`: what a caller may branch on. */
  readonly reason: ApiFailureReason;
  /** Whether the same call can succeed later without anyone changing Redis. */
  readonly retryable: boolean;
  /** "Redis is out of memory (...): raise maxmemory ..." */
  readonly text: string;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The reply error behind an aborted transaction (`EXECABORT`), which ioredis keeps aside. */
function underlying(error: unknown): unknown {
  const previous = (error as { previousErrors?: unknown[] } | null)?.previousErrors;
  return Array.isArray(previous) && previous.length > 0 ? previous[0] : error;
}

/**
 * Classifies a failed call from Redis's reply, so a full Redis is reported as full and a key of
 * another type is named, never both as "unreachable". `keys` are the keys the call touched.
 */
export function classifyRedisFailure(error: unknown, keys: readonly string[] = []): RedisFailure {
  const cause = underlying(error);
  const detail = message(cause);
  if (/^OOM\b/.test(detail)) {
    return {
      kind: 'out-of-memory',
      reason: 'server',
      retryable: true,
      text: `Redis is out of memory (${detail}): it refuses writes once used memory reaches maxmemory under maxmemory-policy noeviction; raise maxmemory or free memory (caches with a ttlMs may use a volatile-* policy)`,
    };
  }
  if (/^WRONGTYPE\b/.test(detail)) {
    const which = /\bkey (\S+) holds/.exec(detail)?.[1];
    const named =
      which !== undefined
        ? `key ${which}`
        : keys.length === 1
          ? `key ${keys[0]}`
          : `one of the keys ${keys.join(', ')}`;
    return {
      kind: 'wrong-type',
      reason: 'bad-request',
      retryable: false,
      text: `${named} holds another type of value than this package writes there (${detail}): another program uses it; delete the key or give this package another prefix`,
    };
  }
  if (/^STATELOST\b/.test(detail)) {
    return {
      kind: 'state-lost',
      reason: 'invalid-response',
      retryable: false,
      text: detail.replace(/^STATELOST\s*/, ''),
    };
  }
  const timeout = cause instanceof DeadlineError && cause.what !== 'connect';
  return timeout
    ? {
        kind: 'timeout',
        reason: 'timeout',
        retryable: true,
        text: `Redis did not answer in time (${detail})`,
      }
    : {
        kind: 'unreachable',
        reason: 'network',
        retryable: true,
        text: `Redis is unreachable (${detail})`,
      };
}

import { ApiCallError, ShortlistError } from '@shortlist/core';
import { classifyRedisFailure } from './redis-failure.js';

/**
 * The typed error a call rejects with when Redis cannot serve it: `ApiCallError` from Redis,
 * `reason` 'timeout' for a Redis that stopped answering, 'network' for one that is unreachable or
 * never connected (both retryable), 'server' for one out of memory (retryable once it has room),
 * 'bad-request' for a key holding another type (not retryable). Typed errors and bugs pass through.
 */
export function redisCallError(
  call: string,
  error: unknown,
  consequence: string,
  keys: readonly string[] = [],
): unknown {
  // Typed errors (a bad argument) and bugs (a TypeError) are not outages: they pass through.
  const bug = [TypeError, ReferenceError, RangeError, SyntaxError].some(
    (type) => error instanceof type,
  );
  if (ShortlistError.isInstance(error) || bug) return error;
  const failure = classifyRedisFailure(error, keys);
  return new ApiCallError({
    provider: 'redis',
    reason: failure.reason,
    retryable: failure.retryable,
    message: `${call}: ${failure.text}; ${consequence}`,
    cause: error,
  });
}

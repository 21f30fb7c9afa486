import { ApiCallError, ShortlistError } from '@shortlist/core';
import { DeadlineError } from './with-deadline.js';

/**
 * The typed error a call rejects with when Redis cannot serve it: `ApiCallError` from Redis,
 * retryable, `reason` 'timeout' for a Redis that stopped answering and 'network' for one that is
 * unreachable or never connected. Typed errors and bugs pass through.
 */
export function redisCallError(call: string, error: unknown, consequence: string): unknown {
  // Typed errors (a bad argument) and bugs (a TypeError) are not outages: they pass through.
  const bug = [TypeError, ReferenceError, RangeError, SyntaxError].some(
    (type) => error instanceof type,
  );
  if (ShortlistError.isInstance(error) || bug) return error;
  // A first connection that never came is an unreachable Redis; a command unanswered, a stalled one.
  const timeout = error instanceof DeadlineError && error.what !== 'connect';
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiCallError({
    provider: 'redis',
    reason: timeout ? 'timeout' : 'network',
    retryable: true,
    message: `${call}: Redis ${timeout ? 'did not answer in time' : 'is unreachable'} (${detail}); ${consequence}`,
    cause: error,
  });
}

import { ApiCallError, ShortlistError } from '@shortlist/core';
import { DeadlineError } from './with-deadline.js';

/**
 * The typed error a call rejects with when Redis cannot serve it: `ApiCallError` from Redis,
 * retryable, `reason` 'timeout' for a Redis that stopped answering and 'network' for one that is
 * unreachable. Errors that are already typed (a bad argument) pass through.
 */
export function redisCallError(call: string, error: unknown, consequence: string): unknown {
  if (ShortlistError.isInstance(error)) return error;
  const timeout = error instanceof DeadlineError;
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiCallError({
    provider: 'redis',
    reason: timeout ? 'timeout' : 'network',
    retryable: true,
    message: `${call}: Redis ${timeout ? 'did not answer in time' : 'is unreachable'} (${detail}); ${consequence}`,
    cause: error,
  });
}

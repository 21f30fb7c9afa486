import type { Fault } from '../fault.js';

/** A 429 as the Messages API sends it, asking the client to wait `seconds`. */
export const rateLimited = (seconds: number): Fault => ({
  status: 429,
  headers: { 'retry-after': String(seconds) },
  body: {
    type: 'error',
    error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' },
  },
});

/** The API's 529 when it is overloaded. */
export const overloaded: Fault = {
  status: 529,
  body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
};

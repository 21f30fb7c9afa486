import { MAX_RETRY_AFTER_MS, retryAfterMs } from '@shortlist/remote';

/** The connection broke while the body was read; the SDK retries it like any connection error. */
export class BodyCutOffError extends Error {}

/**
 * Wraps the `fetch` the SDK calls so that one attempt ends only when its whole body has arrived
 * (the SDK's timeout then covers a body that stalls, not just the headers), and a `retry-after`
 * over `MAX_RETRY_AFTER_MS` turns into `x-should-retry: false`, which the SDK obeys.
 */
export function boundedFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    let body: ArrayBuffer;
    try {
      body = await response.arrayBuffer();
    } catch (error) {
      // An abort (the SDK's timeout, the caller's signal) stays an abort; anything else is a cut.
      if (init?.signal?.aborted) throw error;
      throw new BodyCutOffError(
        `the response body was cut off: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const headers = new Headers(response.headers);
    const wait = response.ok ? undefined : retryAfterMs(headers);
    if (wait !== undefined && !(wait <= MAX_RETRY_AFTER_MS)) headers.set('x-should-retry', 'false');
    const empty = response.status === 204 || response.status === 304;
    return new Response(empty ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

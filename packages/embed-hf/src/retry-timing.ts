/** Longest `retry-after` this embedder waits out; asking for more ends the retries. */
export const maxRetryAfterMs = 60_000;

/**
 * Milliseconds a server asked to wait, from `retry-after-ms` or `retry-after` (seconds or an
 * HTTP date); undefined when it did not say.
 */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Exponential backoff from `firstMs`, doubled per retry, capped at 8 s, less up to 25% jitter. */
export function backoffMs(retry: number, firstMs: number): number {
  return Math.min(firstMs * 2 ** retry, 8000) * (1 - Math.random() * 0.25);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

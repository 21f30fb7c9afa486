/**
 * Longest `retry-after` a remote part waits out: a server asking for more ends the retries with
 * the error it sent, rather than leaving the caller hanging for minutes.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

function parseWait(text: string, scale: number): number | undefined {
  const value = Number(text.trim());
  if (text.trim() === '' || Number.isNaN(value) || value < 0) return undefined;
  return value * scale;
}

/**
 * Milliseconds a response asks to wait, from `retry-after-ms` or `retry-after` (seconds or an
 * HTTP date). The safest reading of what servers send: a negative or unreadable value is not
 * an answer (the caller's own backoff applies), a date in the past is 0, and `Infinity` stays
 * Infinity, so it is over `MAX_RETRY_AFTER_MS` and ends the retries.
 */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = parseWait(headers?.get('retry-after-ms') ?? '', 1);
  if (ms !== undefined) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = parseWait(value, 1000);
  if (seconds !== undefined) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Exponential backoff from `firstMs`, doubled per retry (`retry` 0 is the first) and capped at
 * 8 s, less up to 25% jitter so that clients failing together do not retry together.
 */
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

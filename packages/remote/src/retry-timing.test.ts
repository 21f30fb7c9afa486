import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs, sleep } from './retry-timing.js';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('retryAfterMs', () => {
  it('reads retry-after-ms first, then retry-after in seconds or as a date', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '1.5' }))).toBe(1500);
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const waited = retryAfterMs(headers({ 'retry-after': inTwoMinutes }))!;
    expect(waited).toBeGreaterThan(110_000);
    expect(waited).toBeLessThanOrEqual(120_000);
  });

  it('reads a past date as 0 and ignores what is negative or unreadable', () => {
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 1970 00:00:01 GMT' }))).toBe(0);
    expect(retryAfterMs(headers({ 'retry-after-ms': '-5' }))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after-ms': 'x', 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(headers({}))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it('keeps Infinity, which is over any cap', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': 'Infinity' }))).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('backoffMs and sleep', () => {
  it('doubles per retry up to 8 s, less at most 25% jitter', () => {
    for (const [retry, full] of [
      [0, 500],
      [2, 2000],
      [10, 8000],
    ] as const) {
      const wait = backoffMs(retry, 500);
      expect(wait).toBeLessThanOrEqual(full);
      expect(wait).toBeGreaterThanOrEqual(full * 0.75);
    }
  });

  it('rejects with the reason when aborted, at once or while waiting', async () => {
    const reason = new Error('stop');
    await expect(sleep(10, AbortSignal.abort(reason))).rejects.toBe(reason);
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await expect(sleep(1, undefined)).resolves.toBeUndefined();
  });
});

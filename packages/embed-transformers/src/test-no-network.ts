import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

/** Servers a test starts itself (127.0.0.1) are allowed; anything else is the network. */
const isLoopback = (url: string) => /^https?:\/\/127\.0\.0\.1[:/]/.test(url);

/**
 * Fails the test file on any network attempt: transformers.js's own `fetch` (bound at its
 * import) and the global one both record the URL and throw. Requests to 127.0.0.1 (a server
 * the test started) go through.
 */
export function forbidNetwork(): void {
  const attempts: string[] = [];
  const realFetch = globalThis.fetch;
  const refuse = async (input: unknown, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (isLoopback(url)) return realFetch(input as Parameters<typeof fetch>[0], init);
    attempts.push(url);
    throw new Error(`network access in a test: ${url}`);
  };
  beforeAll(async () => {
    vi.stubGlobal('fetch', refuse);
    const { env } = await import('@huggingface/transformers');
    env.fetch = refuse;
  });
  afterEach(() => {
    const made = attempts.splice(0);
    expect(made, 'network attempts').toEqual([]);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
}

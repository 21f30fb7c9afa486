import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

/**
 * Fails the test file on any network attempt: transformers.js's own `fetch` (bound at its
 * import) and the global one both record the URL and throw.
 */
export function forbidNetwork(): void {
  const attempts: string[] = [];
  const refuse = async (input: unknown) => {
    attempts.push(String(input instanceof Request ? input.url : input));
    throw new Error(`network access in a test: ${String(input)}`);
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

import { expect, it } from 'vitest';

// The public surface is a decision: this list changes only on purpose.
it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'MAX_RETRY_AFTER_MS',
    'MIN_SECRET_LENGTH',
    'backoffMs',
    'checkTexts',
    'readCredential',
    'redactor',
    'remoteEmbedder',
    'retryAfterMs',
    'safeCause',
    'sleep',
  ]);
});

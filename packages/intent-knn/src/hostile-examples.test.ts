import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { intent } from './intent.js';
import { vocabularyEmbedder } from './test-embedder.js';

describe('intent() with hostile examples', () => {
  it('rejects holes in a sparse examples array, and odd values, with a typed error', () => {
    const embedder = vocabularyEmbedder(['send', 'mail']);
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point of the test
    const sparse = [{ query: 'send mail', tool: 'send_email' }, , { query: 'mail', tool: 'x' }];
    for (const examples of [
      sparse,
      [
        { query: 'a', tool: 'b' },
        { query: 10n, tool: 'b' },
      ],
    ]) {
      let caught: unknown;
      try {
        intent({ examples: examples as never, embedder });
      } catch (error) {
        caught = error;
      }
      expect(InvalidArgumentError.isInstance(caught)).toBe(true);
      expect((caught as InvalidArgumentError).argument).toMatch(/\[1\]$/);
    }
  });
});

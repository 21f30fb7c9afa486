import { describe, expect, it } from 'vitest';
import { cacheKeys, webCacheKeys } from './cache-key.js';

const embedder = { provider: 'openai', modelId: 'text-embedding-3-small', dimensions: 1536 };

// Keys written by caches before Web Crypto was an option: a change here orphans every stored vector.
const KNOWN = [
  {
    texts: ['send an email'],
    namespace: '',
    type: undefined,
    key: '_PfDOvJvBSF5uKCSKQgS-jKUzCZ9kqkxPMJdSyRyLOw',
  },
  {
    texts: ['ü 🚀'],
    namespace: 'ns',
    type: 'query',
    key: 'FOHfpU89B6OeJzGBd7qye2LDASbeBtAvevasGghamKM',
  },
] as const;

describe('cache keys', () => {
  for (const { texts, namespace, type, key } of KNOWN) {
    it(`are the stored keys, through Node's hash and Web Crypto alike (${texts[0]})`, async () => {
      expect(await cacheKeys(embedder, texts, namespace, type)).toEqual([key]);
      expect(await webCacheKeys(embedder, texts, namespace, type)).toEqual([key]);
    });
  }

  it('agree between Node and Web Crypto on many texts, in order', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `text ${i} ${'é'.repeat(i % 7)}\u{1F600}`);
    const node = await cacheKeys(embedder, texts, 'n', 'document');
    expect(await webCacheKeys(embedder, texts, 'n', 'document')).toEqual(node);
    expect(new Set(node).size).toBe(texts.length);
    for (const key of node) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

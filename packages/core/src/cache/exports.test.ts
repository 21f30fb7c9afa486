import { expect, it } from 'vitest';

it('core exports the embedding cache; the file-backed store from @shortlist/core/node', async () => {
  const core = await import('../index.js');
  expect(typeof core.cached).toBe('function');
  expect(typeof core.memoryStore).toBe('function');
  expect('fileStore' in core).toBe(false);
  expect(typeof (await import('../node.js')).fileStore).toBe('function');
});

import { expect, it } from 'vitest';

it('core exports the embedding cache', async () => {
  const core = await import('../index.js');
  expect(typeof core.cached).toBe('function');
  expect(typeof core.memoryStore).toBe('function');
  expect(typeof core.fileStore).toBe('function');
});

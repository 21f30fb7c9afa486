import { expect, it, vi } from 'vitest';

// @mastra/core 1.x takes seconds to load and start its first run on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

// The public surface is a decision: this list changes only on purpose.
it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual(['readMastraTools', 'shortlist']);
});

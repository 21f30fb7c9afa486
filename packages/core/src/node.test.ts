import { expect, it } from 'vitest';

// The public surface is a decision: this list changes only on purpose.
it('@shortlist/core/node exports exactly the file-backed embedding and snapshot stores', async () => {
  expect(Object.keys(await import('./node.js')).sort()).toEqual(['fileSnapshotStore', 'fileStore']);
});

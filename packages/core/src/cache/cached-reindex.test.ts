import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { pipe } from '../pipeline/pipe.js';
import { semantic } from '../semantic/semantic.js';
import { cached } from './cached.js';
import { fileStore } from './file-store.js';
import { countingEmbedder } from './test-counting-embedder.js';

const catalogue = Array.from({ length: 30 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Tool number ${i} does task ${i % 7} for ${['mail', 'files', 'weather'][i % 3]}`,
  parameters: { type: 'object', properties: {} },
}));

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'shortlist-reindex-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

it('re-indexing an unchanged catalogue from a reopened file cache makes no embedding call', async () => {
  const path = join(directory, 'embeddings.bin');
  const first = countingEmbedder({ maxBatchSize: 8 });
  const firstStore = fileStore(path);
  await pipe(semantic({ embedder: cached(first, { store: firstStore }) })).index(catalogue);
  await firstStore.close();
  expect(first.calls.flat()).toHaveLength(30);

  const second = countingEmbedder({ maxBatchSize: 8 });
  const secondStore = fileStore(path);
  const secondPicker = await pipe(
    semantic({ embedder: cached(second, { store: secondStore }) }),
  ).index(catalogue);
  expect(second.calls).toEqual([]);

  // The cached vectors rank exactly as freshly computed ones do.
  const query = 'weather task 3';
  const uncached = await pipe(semantic({ embedder: countingEmbedder() })).index(catalogue);
  const fresh = (await uncached.select(query)).picks.map((pick) => pick.name);
  expect((await secondPicker.select(query)).picks.map((pick) => pick.name)).toEqual(fresh);
  expect(second.calls).toEqual([[query]]);

  // One changed tool costs exactly one embedding.
  const changed = catalogue.map((tool, i) =>
    i === 4 ? { ...tool, description: 'Sends a text message' } : tool,
  );
  const third = countingEmbedder({ maxBatchSize: 8 });
  await pipe(semantic({ embedder: cached(third, { store: secondStore }) })).index(changed);
  expect(third.calls).toHaveLength(1);
  expect(third.calls[0]).toHaveLength(1);
  await secondStore.close();
});

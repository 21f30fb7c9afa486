import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cached, pipe, semantic, toTools } from '@shortlist/core';
import { fileStore } from '@shortlist/core/node';
import {
  type EmbeddingsServer,
  type OpenAIEmbeddingsBody,
  openAIEmbeddingsWire,
  startEmbeddingsServer,
} from '@shortlist/test-servers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenAIEmbedder } from './openai-embedder.js';

let server: EmbeddingsServer<OpenAIEmbeddingsBody>;
let directory: string;
beforeAll(async () => {
  server = await startEmbeddingsServer({ wire: openAIEmbeddingsWire });
  directory = await mkdtemp(join(tmpdir(), 'shortlist-openai-cache-'));
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const catalogue = toTools(
  Array.from({ length: 40 }, (_, i) => ({
    name: `tool_${i}`,
    description: `Tool number ${i} does task ${i % 7} for team ${i % 3}`,
  })),
);

// The cache is keyed by provider, model, dimensions and text, and lives in a file: re-indexing
// the same catalogue from a reopened cache must not reach the embeddings API at all.
it('re-indexing an unchanged catalogue through a file cache sends no request to the API', async () => {
  const path = join(directory, 'embeddings.bin');
  const embed = (model: string) =>
    createOpenAIEmbedder({
      apiKey: 'sk-test',
      baseURL: server.url,
      model,
      dimensions: 16,
      maxBatchSize: 16,
    });

  const firstStore = fileStore(path);
  const first = await pipe(
    semantic({ embedder: cached(embed('text-embedding-3-small'), { store: firstStore }) }),
  ).index(catalogue);
  expect(server.requests.length).toBe(3); // 40 texts in batches of 16
  const firstPicks = (await first.select('task 3 team 1')).picks.map((pick) => pick.name);
  const afterFirst = server.requests.length; // the query itself was embedded
  expect(afterFirst).toBe(4);
  await firstStore.close();

  const secondStore = fileStore(path);
  const second = await pipe(
    semantic({ embedder: cached(embed('text-embedding-3-small'), { store: secondStore }) }),
  ).index(catalogue);
  expect(server.requests.length).toBe(afterFirst);
  // The query was cached too, so selecting sends nothing either, and ranks the same.
  expect((await second.select('task 3 team 1')).picks.map((pick) => pick.name)).toEqual(firstPicks);
  expect(server.requests.length).toBe(afterFirst);

  // Another model never reads the first model's vectors.
  await pipe(
    semantic({ embedder: cached(embed('text-embedding-3-large'), { store: secondStore }) }),
  ).index(catalogue);
  expect(server.requests.length).toBe(afterFirst + 3);
  expect(server.requests.at(-1)!.body.model).toBe('text-embedding-3-large');
  await secondStore.close();
});

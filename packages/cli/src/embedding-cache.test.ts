import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStore } from '@shortlist/core/node';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { embeddingCache } from './embedding-cache.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'shortlist-embedding-cache-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const vector = Float32Array.from([0.6, 0.8]);

it('keeps vectors on disk, where the next process finds them', async () => {
  const path = join(directory, 'embeddings.cache');
  const first = embeddingCache(path, () => undefined);
  await first.setMany([['k', vector]]);
  await first.close?.();
  expect((await stat(path)).size).toBeGreaterThan(0);
  const second = fileStore(path);
  expect(await second.getMany(['k', 'other'])).toEqual([vector, undefined]);
  await second.close();
});

it('falls back to memory, warning once, while another process holds the file', async () => {
  const path = join(directory, 'embeddings.cache');
  const holder = fileStore(path);
  await holder.setMany([['held', vector]]);
  const warnings: string[] = [];
  const second = embeddingCache(path, (message) => warnings.push(message));
  await second.setMany([['mine', vector]]);
  expect(await second.getMany(['mine', 'held'])).toEqual([vector, undefined]);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/has this cache open.*embeddings stay in memory/);
  await second.close?.();
  await holder.close();
});

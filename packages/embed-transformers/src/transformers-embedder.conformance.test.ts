import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describeEmbedder } from '@shortlist/conformance';
import { afterAll, beforeAll } from 'vitest';
import { forbidNetwork } from './test-no-network.js';
import { writeTinyModel } from './testing/tiny-model.js';
import { createTransformersEmbedder } from './transformers-embedder.js';

forbidNetwork();

let folder: string;
beforeAll(async () => {
  folder = await writeTinyModel({ name: 'bge-tiny' });
});
afterAll(() => rm(dirname(folder), { recursive: true, force: true }));

describeEmbedder('createTransformersEmbedder (tiny local model, batches of 2)', {
  create: () => createTransformersEmbedder({ model: folder, maxBatchSize: 2 }),
  texts: [
    'make a folder',
    'post a message to the channel',
    'refund last payment',
    'Wetter in Berlin morgen',
  ],
});

import { expect, it } from 'vitest';

it('exports exactly the public surface', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'createTransformersEmbedder',
    'defaultTransformersModel',
    'transformersModelDimensions',
  ]);
});

it('exports the tiny test model from the testing entry', async () => {
  expect(Object.keys(await import('./testing.js')).sort()).toEqual([
    'embeddingTable',
    'referenceVector',
    'writeTinyModel',
  ]);
});

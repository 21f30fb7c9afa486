import { expect, it } from 'vitest';

it('exports the public surface and nothing else', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DatasetError',
    'bootstrapInterval',
    'compare',
    'completeAt',
    'evaluate',
    'hitAt',
    'isMetricName',
    'loadDataset',
    'metricNames',
    'ndcgAt',
    'pairedBootstrap',
    'queryGroup',
    'recallAt',
    'reciprocalRank',
    'sampleById',
    'toJSON',
    'toMarkdown',
  ]);
});

import { expect, it } from 'vitest';

it('exports the public surface and nothing else', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DatasetError',
    'abstentionMarkdown',
    'abstentionRequests',
    'abstentionSplit',
    'bootstrapInterval',
    'calibration',
    'compare',
    'completeAt',
    'evaluate',
    'evaluateAbstention',
    'evaluateOnline',
    'hitAt',
    'isMetricName',
    'loadDataset',
    'markdownTable',
    'metricNames',
    'ndcgAt',
    'onlineMarkdown',
    'onlineMetrics',
    'pairedBootstrap',
    'queryGroup',
    'recallAt',
    'reciprocalRank',
    'sampleById',
    'shuffledQueries',
    'toJSON',
    'toMarkdown',
  ]);
});

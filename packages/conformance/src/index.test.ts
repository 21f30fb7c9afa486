import { expect, it } from 'vitest';

// The public surface is a decision: this list changes only on purpose.
it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'bagOfWordsEmbedder',
    'countingEmbedder',
    'deepFreeze',
    'describeEmbedder',
    'describeExampleStore',
    'describeFusion',
    'describeLearner',
    'describePacker',
    'describeRanker',
    'describeRemoteEmbedder',
    'expectSameRanking',
    'expectWellFormedRanking',
    'extraTools',
    'sampleQueries',
    'sampleTools',
  ]);
});

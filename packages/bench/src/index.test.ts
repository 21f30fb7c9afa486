import { expect, it } from 'vitest';

it('exports exactly the public surface', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'benchRankerIds',
    'benchUsage',
    'generateCatalogue',
    'generateDefinitions',
    'generateQueries',
    'markdownTable',
    'parseBenchArgs',
    'percentile',
    'readDefinitions',
    'renderMarkdown',
    'runBench',
    'summarise',
  ]);
});

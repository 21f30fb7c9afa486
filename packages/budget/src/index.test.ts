import { expect, it } from 'vitest';

it('exports exactly the public surface', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'budget',
    'definitionText',
    'encodingForModel',
    'gptTokenizer',
    'loadWholeTable',
    'tiktokenTokenizer',
    'toolDefinition',
    'upperBoundTokenizer',
  ]);
});

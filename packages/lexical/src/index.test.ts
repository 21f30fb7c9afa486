import { expect, it } from 'vitest';

it('exports exactly the public surface', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'actionVerbGroups',
    'confidenceFeatureNames',
    'confidenceFeatures',
    'confidenceSignalNames',
    'confidenceSignals',
    'defaultMaxTokens',
    'exactNames',
    'lexical',
    'lexicalFusion',
    'lexicalRankers',
    'maxPieceTerms',
    'nameMatch',
    'openingMatch',
    'withAbstention',
    'wordBigrams',
    'wordPieces',
  ]);
});

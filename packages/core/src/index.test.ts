import { expect, it } from 'vitest';

// The public surface is a decision: this list changes only on purpose.
it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ApiCallError',
    'CorruptDataError',
    'InvalidArgumentError',
    'PluginError',
    'ShortlistError',
    'UnsupportedSpecVersionError',
    'cached',
    'createTokenizer',
    'createVectorIndex',
    'decodeSnapshot',
    'defaultTokenizer',
    'dotRow',
    'embedMany',
    'encodeSnapshot',
    'englishStopwords',
    'fileStore',
    'hasErrorCode',
    'isAbortError',
    'isCanonicalTool',
    'lightStem',
    'memoryStore',
    'normalize',
    'pipe',
    'semantic',
    'splitWords',
    'supportedSpecVersions',
    'throwIfAborted',
    'toTools',
    'toolFieldNames',
    'toolFields',
    'toolText',
    'topK',
  ]);
});

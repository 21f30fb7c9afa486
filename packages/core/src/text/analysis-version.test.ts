import { expect, it } from 'vitest';
import { englishStopwords } from './english-stopwords.js';
import { analysisVersion, createTokenizer } from './tokenizer.js';

// Snapshots made by one release are restored by another when their fingerprints match, and the
// fingerprints of the default chain carry `analysisVersion`, not the chain's output. This pins
// that output: if it changes, bump `analysisVersion` along with these expectations.
const probe =
  'The Quick brown foxes were jumping over lazy dogs; getUserIDs list_all-items HTTPServer v2.0 données 東京 running schedules Größe';

it('analysis version 1 splits, lowercases, drops stopwords and stems as recorded', () => {
  expect(analysisVersion).toBe(1);
  expect(createTokenizer({ stem: false })(probe)).toEqual([
    'quick',
    'brown',
    'foxes',
    'jumping',
    'lazy',
    'dogs',
    'get',
    'user',
    'ds',
    'list',
    'all',
    'items',
    'http',
    'server',
    'v',
    '2',
    '0',
    'données',
    '東',
    '京',
    'running',
    'schedules',
    'größe',
  ]);
  expect(createTokenizer()(probe)).toEqual([
    'quick',
    'brown',
    'fox',
    'jump',
    'lazy',
    'dog',
    'get',
    'user',
    'ds',
    'list',
    'all',
    'item',
    'http',
    'server',
    'v',
    '2',
    '0',
    'données',
    '東',
    '京',
    'run',
    'schedul',
    'größe',
  ]);
  // Stopwords are part of the chain too: the fingerprints carry the list itself.
  expect(createTokenizer({ stopwords: englishStopwords, stem: false })('the dogs')).toEqual([
    'dogs',
  ]);
});

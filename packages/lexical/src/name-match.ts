import { InvalidArgumentError, type RankerV1 } from '@shortlist/core';
import {
  analysisVersion,
  checkSnapshotNames,
  englishStopwords,
  throwIfAborted,
} from '@shortlist/core/kit';
import { actionVerbGroups } from './action-verbs.js';
import { ExactSpellings } from './exact-spellings.js';
import { createNameIndex, openNameIndex } from './name-index.js';
import type { NameMatchOptions } from './name-match-options.js';
import { readNameSnapshot } from './name-snapshot.js';

function fail(argument: string, expected: string, got: unknown): never {
  throw new InvalidArgumentError({
    argument: `nameMatch(${argument})`,
    expected,
    message: `nameMatch(): ${argument} must be ${expected}, got ${typeof got === 'string' ? JSON.stringify(got) : String(got)}`,
  });
}

/**
 * Ranks tools by how well the request spells their name or title: name words the request uses,
 * in the name's order, with action-verb synonyms folded; a tool whose full name or title the
 * request contains comes first (the longest such name first). The signal bm25 and tfidf lack, since
 * they count a name's words wherever they occur; meant to be fused with them (see `lexical()`).
 */
export function nameMatch(options: NameMatchOptions = {}): RankerV1 {
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const {
    id = 'name',
    verbs = true,
    titles = true,
    minCoverage = 0,
    stopwords = englishStopwords,
    exactNames = true,
  } = options;
  if (typeof id !== 'string' || id.trim() === '') fail('id', 'a non-empty string', id);
  if (typeof verbs !== 'boolean') fail('verbs', 'a boolean', verbs);
  if (typeof titles !== 'boolean') fail('titles', 'a boolean', titles);
  if (typeof exactNames !== 'boolean') fail('exactNames', 'a boolean', exactNames);
  if (typeof minCoverage !== 'number' || !(minCoverage >= 0 && minCoverage <= 1)) {
    fail('minCoverage', 'a number from 0 to 1', minCoverage);
  }
  if (stopwords !== false && (typeof stopwords !== 'object' || !(Symbol.iterator in stopwords))) {
    fail('stopwords', 'an iterable of words or false', stopwords);
  }
  const analysis = { stopwords: new Set(stopwords === false ? [] : stopwords), verbs };
  /** What a snapshot's words depend on; computed when a snapshot is taken or read. */
  const fingerprint = () =>
    JSON.stringify({
      version: analysisVersion,
      verbs: verbs ? actionVerbGroups : false,
      titles,
      stopwords: [...analysis.stopwords].sort(),
    });
  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const exact = exactNames ? new ExactSpellings(tools, titles) : undefined;
      return createNameIndex(tools, analysis, titles, minCoverage, fingerprint, exact);
    },
    async doRestore(snapshot, tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const analysed = readNameSnapshot(snapshot, fingerprint());
      checkSnapshotNames(id, analysed.names, tools);
      const exact = exactNames ? new ExactSpellings(tools, titles) : undefined;
      return openNameIndex(analysed, analysis, minCoverage, fingerprint, exact);
    },
  };
}

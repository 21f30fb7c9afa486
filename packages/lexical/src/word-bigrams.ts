import { createTokenizer } from '@shortlist/core/kit';
import type { InterningTokenizer } from '@shortlist/tfidf';
import { IdList } from './id-list.js';
import { lexicalStem } from './lexical-stem.js';

/**
 * Core's default words (stopwords dropped), stemmed by `lexicalStem`, plus each pair of adjacent words,
 * so "send email" counts more for a tool that says "send an email" than for one with the two
 * words apart. The pairs cross field boundaries only where the tool text itself runs on.
 */
export function wordBigrams(): InterningTokenizer {
  const words = createTokenizer({ stem: lexicalStem });
  const tokenize = (text: string): string[] => {
    const terms = words(text);
    const count = terms.length;
    for (let i = 1; i < count; i++) terms.push(`${terms[i - 1]}_${terms[i]}`);
    return terms;
  };
  /** For a fresh build: each distinct pair is spelled and interned once. */
  const termIds = (intern: (term: string) => number) => {
    /** Pair ids by first word id, then second word id. */
    const pairs = new Map<number, Map<number, number>>();
    const list = new IdList();
    let wordIds = new Int32Array(256);
    return (text: string): Int32Array => {
      const terms = words(text);
      const count = terms.length;
      if (wordIds.length < count) wordIds = new Int32Array(count * 2);
      for (let i = 0; i < count; i++) {
        const id = intern(terms[i]!);
        wordIds[i] = id;
        list.push(id);
      }
      for (let i = 1; i < count; i++) {
        const first = wordIds[i - 1]!;
        const second = wordIds[i]!;
        let after = pairs.get(first);
        if (after === undefined) {
          after = new Map();
          pairs.set(first, after);
        }
        let pair = after.get(second);
        if (pair === undefined) {
          pair = intern(`${terms[i - 1]}_${terms[i]}`);
          after.set(second, pair);
        }
        list.push(pair);
      }
      return list.take();
    };
  };
  return Object.assign(tokenize, { termIds, analysis: `bigrams:${lexicalStem.analysis}` });
}

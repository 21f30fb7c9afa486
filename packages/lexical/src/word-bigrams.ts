import { createTermIdReader, createTokenizer } from '@shortlist/core/kit';
import type { InterningTokenizer } from '@shortlist/tfidf';
import { lexicalStem } from './lexical-stem.js';
import { PairIds } from './pair-ids.js';

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
  /** For a fresh build: each distinct word is read and each distinct pair spelled and interned once. */
  const termIds = (intern: (term: string) => number) => {
    /** Each term's spelling by its id, for the pairs' names. */
    const spelled: string[] = [];
    const readWords = createTermIdReader({ stem: lexicalStem }, (term) => {
      const id = intern(term);
      spelled[id] = term;
      return id;
    });
    const pairs = new PairIds();
    return (text: string): Int32Array => {
      const wordIds = readWords(text);
      const count = wordIds.length;
      if (count < 2) return wordIds;
      const ids = new Int32Array(2 * count - 1);
      ids.set(wordIds);
      for (let i = 1; i < count; i++) {
        const first = wordIds[i - 1]!;
        const second = wordIds[i]!;
        let pair = pairs.get(first, second);
        if (pair < 0) {
          pair = intern(`${spelled[first]}_${spelled[second]}`);
          pairs.set(first, second, pair);
        }
        ids[count + i - 1] = pair;
      }
      return ids;
    };
  };
  return Object.assign(tokenize, { termIds, analysis: `bigrams:${lexicalStem.analysis}` });
}

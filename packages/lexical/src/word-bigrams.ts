import { createTermIdReader, createTokenizer } from '@shortlist/core/kit';
import type { InterningTokenizer, LaterTerms } from '@shortlist/tfidf';
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
  /**
   * For a fresh build: each distinct word is read once, and each distinct pair given an id once,
   * spelled only when the store asks (`later`: a snapshot, a change), or found from its words' ids.
   */
  const termIds = (intern: (term: string) => number, later?: LaterTerms) => {
    /** Each term's spelling by its id, for the pairs' names. */
    const spelled: string[] = [];
    const readWords = createTermIdReader({ stem: lexicalStem }, (term) => {
      const id = intern(term);
      spelled[id] = term;
      return id;
    });
    const pairs = new PairIds();
    /** What a text is read into, reused: the build reads it before the next text. */
    let out = new Int32Array(1024);
    /** The words of each pair `later` gave an id, by that id (word id + 1; 0 for any other id). */
    let firsts: Int32Array = new Int32Array(1024);
    let seconds: Int32Array = new Int32Array(1024);
    const spellPair = (first: number, second: number) => `${spelled[first]}_${spelled[second]}`;
    later?.register({
      spell: (id) => (firsts[id] ? spellPair(firsts[id]! - 1, seconds[id]! - 1) : undefined),
      find: (term, known) => {
        const cut = term.indexOf('_');
        if (cut < 0) return undefined;
        const first = known(term.slice(0, cut));
        const second = first === undefined ? undefined : known(term.slice(cut + 1));
        if (second === undefined) return undefined;
        const pair = pairs.get(first!, second);
        return pair < 0 ? undefined : pair;
      },
    });
    const newPair = (first: number, second: number): number => {
      if (!later) return intern(spellPair(first, second));
      const id = later.reserve();
      if (id >= firsts.length) {
        firsts = grown(firsts, id);
        seconds = grown(seconds, id);
      }
      firsts[id] = first + 1;
      seconds[id] = second + 1;
      return id;
    };
    return (text: string): Int32Array => {
      const wordIds = readWords(text);
      const count = wordIds.length;
      if (count < 2) return wordIds;
      if (out.length < 2 * count) out = new Int32Array(4 * count);
      const ids = out;
      ids.set(wordIds);
      for (let i = 1; i < count; i++) {
        const first = wordIds[i - 1]!;
        const second = wordIds[i]!;
        let pair = pairs.get(first, second);
        if (pair < 0) {
          pair = newPair(first, second);
          pairs.set(first, second, pair);
        }
        ids[count + i - 1] = pair;
      }
      return ids.subarray(0, 2 * count - 1);
    };
  };
  return Object.assign(tokenize, { termIds, analysis: `bigrams:${lexicalStem.analysis}` });
}

/** A copy of `array` with room for index `id`. */
function grown(array: Int32Array, id: number): Int32Array {
  const copy = new Int32Array(Math.max(array.length * 2, id + 1));
  copy.set(array);
  return copy;
}

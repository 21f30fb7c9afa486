import { InvalidArgumentError } from '@shortlist/core';
import { englishStopwords, sharedWords, splitWords } from '@shortlist/core/kit';
import type { InterningTokenizer } from '@shortlist/tfidf';

/** A lone surrogate half: a word holding one is cut by code point, not by UTF-16 unit. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A tokenizer of character n-grams: each word (stopwords dropped), marked `<word>`, cut into
 * its n-letter pieces, so "copywriting" meets `copywriter` and "air quality" meets
 * `airqualityforecast`, which whole-word rankers miss. Words of n − 2 letters or fewer stay whole.
 */
export function wordPieces(
  n = 4,
  stopwords: Iterable<string> = englishStopwords,
): InterningTokenizer {
  if (!Number.isSafeInteger(n) || n < 2) {
    throw new InvalidArgumentError({
      argument: 'wordPieces(n)',
      expected: 'an integer of at least 2',
      message: `wordPieces(n): n is the number of letters a piece has and must be an integer of at least 2 (4 by default), got ${String(n)}`,
    });
  }
  if (typeof stopwords !== 'object' || stopwords === null || !(Symbol.iterator in stopwords)) {
    throw new InvalidArgumentError({
      argument: 'wordPieces(stopwords)',
      expected: 'an iterable of words',
      message: `wordPieces(n, stopwords): stopwords must be an iterable of words such as englishStopwords or [], got ${String(stopwords)}`,
    });
  }
  const skip = new Set(stopwords);
  /** Pieces per word already cut: a catalogue repeats its words, so most are cut once. */
  const cut = new Map<string, readonly string[]>();
  const tokenize = (text: string): string[] => {
    const pieces: string[] = [];
    for (const word of splitWords(text)) {
      if (skip.has(word)) continue;
      let own = cut.get(word);
      if (own === undefined) {
        own = piecesOf(`<${word}>`, n);
        if (cut.size >= MAX_CACHED_WORDS) cut.clear();
        cut.set(word, own);
      }
      for (const piece of own) pieces.push(piece);
    }
    return pieces;
  };
  /** For a fresh build: texts read through core's `sharedWords()`, each distinct word cut and its pieces interned once. */
  const termIds = (intern: (term: string) => number) => {
    const shared = sharedWords();
    /** Piece ids by word id; empty for a stopword. */
    const byWord: Int32Array[] = [];
    const none = new Int32Array(0);
    let out = new Int32Array(1024);
    return (text: string): Int32Array => {
      shared.read(text);
      const { ids, begin, end } = shared;
      let filled = 0;
      for (let w = begin; w < end; w++) {
        const word = ids[w]!;
        let own = byWord[word];
        if (own === undefined) {
          const spelled = shared.words.word(word);
          own = skip.has(spelled) ? none : Int32Array.from(piecesOf(`<${spelled}>`, n), intern);
          byWord[word] = own;
        }
        if (filled + own.length > out.length) {
          const grown = new Int32Array((filled + own.length) * 2);
          grown.set(out);
          out = grown;
        }
        for (let i = 0; i < own.length; i++) out[filled++] = own[i]!;
      }
      return out.subarray(0, filled);
    };
  };
  return Object.assign(tokenize, { termIds });
}

/** Words whose pieces a tokenizer keeps; past it the cache starts again. */
const MAX_CACHED_WORDS = 100_000;

/** The n-letter pieces of a marked word, by code point; the word itself when it is that short. */
function piecesOf(marked: string, n: number): readonly string[] {
  const pieces: string[] = [];
  if (SURROGATE.test(marked)) {
    const letters = Array.from(marked);
    if (letters.length <= n) pieces.push(marked);
    else
      for (let i = 0; i + n <= letters.length; i++) pieces.push(letters.slice(i, i + n).join(''));
  } else if (marked.length <= n) pieces.push(marked);
  else for (let i = 0; i + n <= marked.length; i++) pieces.push(marked.slice(i, i + n));
  return pieces;
}

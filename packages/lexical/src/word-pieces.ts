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
    // Each word's piece ids, one word after another in `arena`: word w's are `arena[from[w] - 1]`
    // to `arena[to[w]]` once cut (`from[w]` 0 until then); a stopword's are none.
    let from: Int32Array = new Int32Array(1024);
    let to: Int32Array = new Int32Array(1024);
    let arena: Int32Array = new Int32Array(4096);
    let arenaEnd = 0;
    const cut = (word: number): void => {
      const spelled = shared.words.word(word);
      const pieces = skip.has(spelled) ? [] : piecesOf(`<${spelled}>`, n);
      if (arenaEnd + pieces.length > arena.length) arena = grown(arena, arenaEnd + pieces.length);
      from[word] = arenaEnd + 1;
      for (const piece of pieces) arena[arenaEnd++] = intern(piece);
      to[word] = arenaEnd;
    };
    let out = new Int32Array(1024);
    return (text: string): Int32Array => {
      shared.read(text);
      const { ids, begin, end } = shared;
      if (from.length < shared.words.size) {
        from = grown(from, shared.words.size);
        to = grown(to, shared.words.size);
      }
      let filled = 0;
      for (let w = begin; w < end; w++) {
        const word = ids[w]!;
        if (from[word] === 0) cut(word);
        const start = from[word]! - 1;
        const stop = to[word]!;
        if (filled + stop - start > out.length) out = grown(out, filled + stop - start);
        for (let i = start; i < stop; i++) out[filled++] = arena[i]!;
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

/** A copy of `array` with room for at least `needed` entries (doubling). */
function grown(array: Int32Array, needed: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(Math.max(array.length * 2, needed));
  copy.set(array);
  return copy;
}

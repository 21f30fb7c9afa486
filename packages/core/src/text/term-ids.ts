import { englishStopwords } from './english-stopwords.js';
import { lightStem } from './light-stem.js';
import { sharedWords } from './shared-words.js';
import type { TokenizerOptions } from './tokenizer.js';

/** `termOf` for a word not yet looked at; -1 marks a stopword. */
const UNSEEN = -2;
const DROPPED = -1;

/**
 * Reads texts as the ids of the terms `createTokenizer(options)` makes of them, in the same
 * order, for a fresh index build (the array is reused: read it before the next text): each distinct word is checked against the stopwords, stemmed
 * and handed to `intern` (which gives a term its id) once, so no string is made per word. Texts
 * are read through `sharedWords()`, so rankers indexing the same tools split each text once.
 */
export function createTermIdReader(
  options: TokenizerOptions,
  intern: (term: string) => number,
): (text: string) => Int32Array {
  const stopwords =
    options.stopwords === false
      ? new Set<string>()
      : new Set(options.stopwords ?? englishStopwords);
  const stem = options.stem === undefined ? lightStem : options.stem;
  const shared = sharedWords();
  const words = shared.words;
  let termOf = new Int32Array(1024).fill(UNSEEN);
  let out = new Int32Array(256);
  return (text) => {
    shared.read(text);
    const { ids, begin, end } = shared;
    const count = end - begin;
    if (termOf.length < words.size) {
      const grown = new Int32Array(Math.max(termOf.length * 2, words.size)).fill(UNSEEN);
      grown.set(termOf);
      termOf = grown;
    }
    if (out.length < count) out = new Int32Array(count * 2);
    let n = 0;
    for (let i = begin; i < end; i++) {
      const word = ids[i]!;
      let term = termOf[word]!;
      if (term === UNSEEN) {
        const spelled = words.word(word);
        term = stopwords.has(spelled) ? DROPPED : intern(stem === false ? spelled : stem(spelled));
        termOf[word] = term;
      }
      if (term !== DROPPED) out[n++] = term;
    }
    return out.subarray(0, n);
  };
}

import { englishStopwords } from './english-stopwords.js';
import { lightStem } from './light-stem.js';
import { splitWordsExcept } from './split-words.js';

/** Turns text into the terms a ranker indexes and matches. Must be deterministic. */
export type Tokenizer = (text: string) => string[];

export interface TokenizerOptions {
  /**
   * Words to drop. Pass your own list to replace the default, or `false` to keep every word.
   * @default englishStopwords
   */
  stopwords?: Iterable<string> | false;
  /**
   * Reduces words to a stem so inflections match; `false` keeps words as they are.
   * @default lightStem
   */
  stem?: ((word: string) => string) | false;
}

/**
 * Names the behaviour of `createTokenizer()`'s split, lowercasing and `lightStem`: rankers put it
 * in their snapshot fingerprints instead of running a probe text through the chain at every start.
 * Bump it whenever the default chain's output changes (a test pins that output).
 */
export const analysisVersion = 1;

/** Stems are memoised up to this many distinct words, enough for any tool catalogue's vocabulary. */
const STEM_CACHE_LIMIT = 200_000;

/** Builds the analysis chain every ranker shares: split, lowercase, drop stopwords, stem. */
export function createTokenizer(options: TokenizerOptions = {}): Tokenizer {
  const stopwords =
    options.stopwords === false
      ? new Set<string>()
      : new Set(options.stopwords ?? englishStopwords);
  const stem = options.stem === undefined ? lightStem : options.stem;
  if (stem === false) return (text) => splitWordsExcept(text, stopwords);
  const stems = new Map<string, string>();
  return (text) => {
    // Stems replace words in place: the array the split made is the one returned.
    const words = splitWordsExcept(text, stopwords);
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      let term = stems.get(word);
      if (term === undefined) {
        term = stem(word);
        if (stems.size < STEM_CACHE_LIMIT) stems.set(word, term);
      }
      words[i] = term;
    }
    return words;
  };
}

/** The default analysis chain: English stopwords removed, light stemming. */
export const defaultTokenizer: Tokenizer = createTokenizer();

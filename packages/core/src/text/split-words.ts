import { splitAsciiWords } from './split-ascii-words.js';

/**
 * The general path's patterns, built on first use: their Unicode classes cost a fraction of a
 * millisecond to build, which a process that only ever sees ASCII text need not pay at import.
 */
let patterns: { readonly wordRun: RegExp; readonly piece: RegExp } | undefined;
const unicodePatterns = () => {
  patterns ??= {
    /** Runs of letters, combining marks and digits; everything else separates words. */
    wordRun: /[\p{L}\p{M}\p{N}]+/gu,
    /**
     * Pieces of one run: an acronym before a capitalised word (`HTTP|Server`), a capitalised or
     * lowercase word (`get|User`), an acronym (`ID`), a digit run, one ideograph or kana
     * (scripts written without spaces), or any other run of letters (Arabic, Devanagari, ...).
     */
    piece:
      /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}[\p{Lu}\p{M}]*|\p{N}+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{M}]+/gu,
  };
  return patterns;
};

/**
 * Splits text into lowercase words: `snake_case`, `camelCase`, `kebab-case`, dotted and slashed
 * names and digit runs all come apart; letters of every script are kept. Pure-ASCII text takes
 * a hand-written scanner that gives exactly the words of the general path, several times faster.
 */
export function splitWords(text: string): string[] {
  return isAscii(text) ? splitAsciiWords(text) : splitUnicodeWords(text);
}

/** `splitWords` without the words in `skip`; ASCII text drops them while scanning. */
export function splitWordsExcept(text: string, skip: ReadonlySet<string>): string[] {
  if (isAscii(text)) return splitAsciiWords(text, skip);
  return splitUnicodeWords(text).filter((word) => !skip.has(word));
}

/**
 * The general path for text of any script: NFKC folding (full-width forms, ligatures), then
 * the Unicode-aware patterns above. Exported for tests that compare it with the ASCII scanner.
 */
export function splitUnicodeWords(text: string): string[] {
  const words: string[] = [];
  const { wordRun, piece: pieces } = unicodePatterns();
  const normalised = text.normalize('NFKC');
  for (const run of normalised.matchAll(wordRun)) {
    const value = run[0];
    if (isPlainLowercase(value)) {
      words.push(value);
      continue;
    }
    for (const piece of value.matchAll(pieces)) words.push(piece[0].toLowerCase());
  }
  return words;
}

/** NFKC leaves ASCII unchanged, so such text can skip normalisation and Unicode patterns. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) return false;
  }
  return true;
}

/** The common case (ASCII lowercase letters only) needs no further splitting. */
function isPlainLowercase(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 97 || code > 122) return false;
  }
  return true;
}

/** Runs of letters, combining marks and digits; everything else separates words. */
const WORD_RUN = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Pieces of one run: an acronym before a capitalised word (`HTTP|Server`), a capitalised or
 * lowercase word (`get|User`), an acronym (`ID`), a digit run, one ideograph or kana (scripts
 * written without spaces), or any other run of letters (Arabic, Devanagari, ...).
 */
const PIECE =
  /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}[\p{Lu}\p{M}]*|\p{N}+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{M}]+/gu;

/**
 * Splits text into lowercase words: `snake_case`, `camelCase`, `kebab-case`, dotted and slashed
 * names and digit runs all come apart; letters of every script are kept.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  const normalised = text.normalize('NFKC');
  for (const run of normalised.matchAll(WORD_RUN)) {
    const value = run[0];
    if (isPlainLowercase(value)) {
      words.push(value);
      continue;
    }
    for (const piece of value.matchAll(PIECE)) words.push(piece[0].toLowerCase());
  }
  return words;
}

/** The common case (ASCII lowercase letters only) needs no further splitting. */
function isPlainLowercase(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 97 || code > 122) return false;
  }
  return true;
}

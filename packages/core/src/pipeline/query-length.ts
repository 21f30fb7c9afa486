/**
 * The query-length policy: the most characters of a query any ranker, tokenizer or embedder
 * sees. A conversation query (`conversationQuery`, at most about 5,400 characters) fits whole; a
 * pasted log or novel keeps its head, so a select costs the same whatever the caller sends.
 */
export const MAX_QUERY_CHARACTERS = 8_192;

/**
 * The most words (runs of non-space characters; each Han ideograph or kana counts as one, as
 * tokenizers split them) of a query any ranker sees; rankers that pair or piece words cost more
 * per word than per character, so words are bounded too, in scripts written without spaces too.
 */
export const MAX_QUERY_WORDS = 1_024;

/** What the query-length policy cut from a query: characters and words beyond the caps. */
export interface QueryTruncation {
  /** Characters cut from the end of the query (white space included). */
  readonly characters: number;
  /** Whole words cut (a word split by the character cap counts as kept). */
  readonly words: number;
}

/** A query as rankers see it, and what was cut when it was longer than the policy allows. */
export interface CappedQuery {
  readonly query: string;
  readonly truncated?: QueryTruncation;
}

/** Unicode white space (what `\s` matches), by code unit. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c >= 0x80 &&
      (c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff))
  );
}

/**
 * A Han ideograph or kana of the Basic Multilingual Plane (CJK extension A and unified
 * ideographs, compatibility ideographs, hiragana, katakana, half-width katakana): a word of its own.
 */
function isOwnWord(c: number): boolean {
  return (
    c >= 0x3040 &&
    (c <= 0x30ff ||
      (c >= 0x3400 && c <= 0x4dbf) ||
      (c >= 0x4e00 && c <= 0x9fff) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xff66 && c <= 0xff9f))
  );
}

/** Whether the code unit at `i` starts a word: not a space, and after a space or a word of its own. */
function startsWord(text: string, i: number, inWord: boolean, c: number): boolean {
  return !isSpace(c) && (!inWord || isOwnWord(c) || isOwnWord(text.charCodeAt(i - 1)));
}

/** Words in `text[from, to)`: runs of non-space code units, an ideograph or kana one each. */
function countWords(text: string, from: number, to: number): number {
  let words = 0;
  let inWord = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (startsWord(text, i, inWord, c)) words++;
    inWord = !isSpace(c);
  }
  return words;
}

/**
 * Applies the query-length policy: keeps the first `maxCharacters` characters after any leading
 * white space (never half a surrogate pair) and, of those, the first `maxWords` words. A query
 * within both caps is returned as is.
 */
export function capQuery(
  query: string,
  maxCharacters: number = MAX_QUERY_CHARACTERS,
  maxWords: number = MAX_QUERY_WORDS,
): CappedQuery {
  if (query.length <= Math.min(maxCharacters, maxWords)) return { query };
  let start = 0;
  while (start < query.length && isSpace(query.charCodeAt(start))) start++;
  let end = Math.min(query.length, start + maxCharacters);
  if (end < query.length) {
    const last = query.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
  }
  // The start of word `maxWords + 1`, if the kept characters hold more words than that.
  let words = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const c = query.charCodeAt(i);
    if (startsWord(query, i, inWord, c) && ++words > maxWords) {
      end = i;
      break;
    }
    inWord = !isSpace(c);
  }
  // Leading white space past the caps is dropped, not reported: no ranker reads it.
  if (end === query.length) return start === 0 ? { query } : { query: query.slice(start) };
  // The cut split a word when the next code unit continues the last kept word.
  const continues =
    !isSpace(query.charCodeAt(end - 1)) && !startsWord(query, end, true, query.charCodeAt(end));
  const splitWord = continues && !isSpace(query.charCodeAt(end)) ? 1 : 0;
  return {
    query: query.slice(start, end).trimEnd(),
    truncated: {
      characters: query.length - end,
      words: countWords(query, end, query.length) - splitWord,
    },
  };
}

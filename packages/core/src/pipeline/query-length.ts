/**
 * The query-length policy: the most characters of a query any ranker, tokenizer or embedder
 * sees. A conversation query (`conversationQuery`, at most about 5,400 characters) fits whole; a
 * pasted log or novel keeps its head, so a select costs the same whatever the caller sends.
 */
export const MAX_QUERY_CHARACTERS = 8_192;

/**
 * The most words (runs of non-space characters) of a query any ranker sees; rankers that pair
 * or piece words cost more per word than per character, so words are bounded too.
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

/** Words in `text[from, to)`: runs of non-space code units. */
function countWords(text: string, from: number, to: number): number {
  let words = 0;
  let inWord = false;
  for (let i = from; i < to; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
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
    const space = isSpace(query.charCodeAt(i));
    if (!space && !inWord && ++words > maxWords) {
      end = i;
      break;
    }
    inWord = !space;
  }
  // Leading white space past the caps is dropped, not reported: no ranker reads it.
  if (end === query.length) return start === 0 ? { query } : { query: query.slice(start) };
  const splitWord = !isSpace(query.charCodeAt(end - 1)) && !isSpace(query.charCodeAt(end)) ? 1 : 0;
  return {
    query: query.slice(start, end).trimEnd(),
    truncated: {
      characters: query.length - end,
      words: countWords(query, end, query.length) - splitWord,
    },
  };
}

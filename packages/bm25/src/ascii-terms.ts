/** Character classes of ASCII codes: 0 separator, 1 lowercase, 2 uppercase, 3 digit. */
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
const CLASS = new Uint8Array(128);
for (let code = 97; code <= 122; code++) CLASS[code] = LOWER;
for (let code = 65; code <= 90; code++) CLASS[code] = UPPER;
for (let code = 48; code <= 57; code++) CLASS[code] = DIGIT;

/** Marks a stopword in the table: found, but not a term. */
const STOPWORD = -1;
/** Returned by `scan` for text with a non-ASCII character, which takes the general tokenizer. */
export const NOT_ASCII = -1;

/**
 * Maps the words of pure-ASCII text straight to term ids, without making a string per word:
 * the default analysis chain (core's `splitWords`, stopwords dropped, no stemming) fused with
 * the vocabulary lookup. Words are hashed as they are scanned and found in an open-addressing
 * table; a string is made only for a word the vocabulary has not seen.
 */
export interface AsciiTerms {
  /** Records a term id for a term added by another path, so both paths agree on ids. */
  add(term: string, id: number): void;
  /**
   * Writes `id * 8 + field` for each word of `text` into `keys` from `at` on (`keys` must have
   * room for `text.length` more) and returns the new end, or `NOT_ASCII`. New words get the id
   * `newTerm` returns.
   */
  scan(
    text: string,
    field: number,
    keys: Uint32Array,
    at: number,
    newTerm: (word: string) => number,
  ): number;
}

/** FNV-1a over char codes (lowercased letters), the table's hash. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashOf(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash;
}

/** A table holding `stopwords` (never terms) and the given vocabulary. */
export function asciiTerms(stopwords: ReadonlySet<string>, terms: readonly string[]): AsciiTerms {
  const words: string[] = [];
  let ids = new Int32Array(64);
  let hashes = new Int32Array(64);
  let table = new Int32Array(256);
  let mask = table.length - 1;

  const place = (entry: number): void => {
    let at = hashes[entry]! & mask;
    while (table[at] !== 0) at = (at + 1) & mask;
    table[at] = entry + 1;
  };

  const insert = (word: string, hash: number, id: number): void => {
    const entry = words.length;
    words.push(word);
    if (entry >= ids.length) {
      const grownIds = new Int32Array(ids.length * 2);
      grownIds.set(ids);
      ids = grownIds;
      const grownHashes = new Int32Array(hashes.length * 2);
      grownHashes.set(hashes);
      hashes = grownHashes;
    }
    ids[entry] = id;
    hashes[entry] = hash;
    if (words.length * 2 > table.length) {
      table = new Int32Array(table.length * 2);
      mask = table.length - 1;
      for (let e = 0; e < words.length; e++) place(e);
    } else {
      place(entry);
    }
  };

  /** Whether `word` equals `text[start, end)` lowercased (`upper`: the run may hold capitals). */
  const same = (word: string, text: string, start: number, end: number, upper: boolean) => {
    if (word.length !== end - start) return false;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (word.charCodeAt(i - start) !== (upper ? code | 0x20 : code)) return false;
    }
    return true;
  };

  const lookup = (
    text: string,
    start: number,
    end: number,
    upper: boolean,
    newTerm: (word: string) => number,
  ): number => {
    let hash = FNV_OFFSET;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      hash = Math.imul(hash ^ (upper ? code | 0x20 : code), FNV_PRIME);
    }
    let at = hash & mask;
    for (;;) {
      const entry = table[at]! - 1;
      if (entry < 0) break;
      if (hashes[entry] === hash && same(words[entry]!, text, start, end, upper)) {
        return ids[entry]!;
      }
      at = (at + 1) & mask;
    }
    const word = upper ? text.slice(start, end).toLowerCase() : text.slice(start, end);
    const id = newTerm(word);
    insert(word, hash, id);
    return id;
  };

  for (const word of stopwords) insert(word, hashOf(word), STOPWORD);
  terms.forEach((term, id) => {
    if (!stopwords.has(term)) insert(term, hashOf(term), id);
  });

  return {
    add(term, id) {
      insert(term, hashOf(term), id);
    },
    scan(text, field, keys, at, newTerm) {
      const length = text.length;
      for (let i = 0; i < length; i++) if (text.charCodeAt(i) > 127) return NOT_ASCII;
      let count = at;
      let i = 0;
      while (i < length) {
        const kind = CLASS[text.charCodeAt(i)]!;
        if (kind === 0) {
          i++;
          continue;
        }
        const start = i;
        i++;
        if (kind !== UPPER) {
          while (i < length && CLASS[text.charCodeAt(i)] === kind) i++;
        } else {
          while (i < length && CLASS[text.charCodeAt(i)] === UPPER) i++;
          if (i < length && CLASS[text.charCodeAt(i)] === LOWER) {
            // An acronym gives its last capital to the capitalised word after it.
            if (i - start >= 2) i--;
            else while (i < length && CLASS[text.charCodeAt(i)] === LOWER) i++;
          }
        }
        const id = lookup(text, start, i, kind === UPPER, newTerm);
        if (id !== STOPWORD) keys[count++] = id * 8 + field;
      }
      return count;
    },
  };
}

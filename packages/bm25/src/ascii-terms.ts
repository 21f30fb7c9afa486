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

function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 127) return false;
  return true;
}

function hashOf(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash;
}

/** Ints per table slot: the word's hash, its term id (or `STOPWORD`), where its bytes start, their count. */
const SLOT = 4;

/** A table holding `stopwords` (never terms) and the given vocabulary. */
export function asciiTerms(stopwords: ReadonlySet<string>, terms: readonly string[]): AsciiTerms {
  // Open addressing with linear probing; a slot is free while its length is 0. Every slot
  // carries what a lookup needs, and the words' bytes sit in one arena, so a probe reads two
  // nearby places instead of chasing a string.
  let table = new Int32Array(1024 * SLOT);
  let mask = table.length / SLOT - 1;
  let entries = 0;
  let arena = new Uint8Array(4096);
  let arenaEnd = 0;

  const place = (hash: number, id: number, start: number, length: number): void => {
    let at = hash & mask;
    while (table[at * SLOT + 3] !== 0) at = (at + 1) & mask;
    const base = at * SLOT;
    table[base] = hash;
    table[base + 1] = id;
    table[base + 2] = start;
    table[base + 3] = length;
  };

  const insert = (word: string, hash: number, id: number): void => {
    // Words that are empty or not ASCII never come out of the scanner, so need no entry.
    if (word.length === 0 || !isAscii(word)) return;
    if (arenaEnd + word.length > arena.length) {
      const grown = new Uint8Array(Math.max(arena.length * 2, arenaEnd + word.length));
      grown.set(arena);
      arena = grown;
    }
    const start = arenaEnd;
    for (let i = 0; i < word.length; i++) arena[arenaEnd++] = word.charCodeAt(i);
    entries++;
    if (entries * 2 > mask + 1) {
      const old = table;
      table = new Int32Array(old.length * 2);
      mask = table.length / SLOT - 1;
      for (let base = 0; base < old.length; base += SLOT) {
        if (old[base + 3] !== 0) place(old[base]!, old[base + 1]!, old[base + 2]!, old[base + 3]!);
      }
    }
    place(hash, id, start, word.length);
  };

  /** Whether the arena bytes from `start` equal `text[from, to)` lowercased. */
  const same = (start: number, text: string, from: number, to: number): boolean => {
    const shift = start - from;
    for (let i = from; i < to; i++) {
      if (arena[shift + i] !== (text.charCodeAt(i) | 0x20)) return false;
    }
    return true;
  };

  const lookup = (
    text: string,
    from: number,
    to: number,
    newTerm: (word: string) => number,
  ): number => {
    // Words are all letters or all digits; `| 0x20` lowercases letters and keeps digits.
    let hash = FNV_OFFSET;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ (text.charCodeAt(i) | 0x20), FNV_PRIME);
    const length = to - from;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const base = at * SLOT;
      const stored = table[base + 3]!;
      if (stored === 0) break;
      if (table[base] === hash && stored === length && same(table[base + 2]!, text, from, to)) {
        return table[base + 1]!;
      }
    }
    const word = text.slice(from, to).toLowerCase();
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
        const id = lookup(text, start, i, newTerm);
        if (id !== STOPWORD) keys[count++] = id * 8 + field;
      }
      return count;
    },
  };
}

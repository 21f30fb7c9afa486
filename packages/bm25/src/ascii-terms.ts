import { asciiWordCursor, fnv1a, nextAsciiWord } from '@shortlist/core/kit';

/** Marks a stopword in the table: found, but not a term. */
const STOPWORD = -1;
/** Returned by `scanAscii` for text with a non-ASCII character, which takes the tokenizer. */
export const NOT_ASCII = -1;

/** Ints per table slot: the word's hash, its term id (or `STOPWORD`), its arena offset, its length. */
const SLOT = 4;

/**
 * Maps the words of pure-ASCII text straight to term ids, without making a string per word:
 * the default analysis chain (core's `splitWords`, stopwords dropped, no stemming) fused with
 * the vocabulary lookup. Words are hashed as they are scanned and found in an open-addressing
 * table (linear probing; a slot is free while its length is 0) whose slots carry what a lookup
 * needs, with the words' bytes in one arena; a string is made only for a word not seen before.
 * Plain state with module-level functions, so optimised code is shared by every index.
 */
export interface AsciiTerms {
  table: Int32Array;
  mask: number;
  entries: number;
  arena: Uint8Array;
  arenaEnd: number;
}

/** Where new terms go: the id-ordered term list, and the term map when one has been built. */
export interface Vocabulary {
  readonly vocabulary: Map<string, number> | undefined;
  readonly terms: string[];
}

function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 127) return false;
  return true;
}

/** The table's hash: FNV-1a over the (lowercase) word, as `nextAsciiWord` hashes text. */
const hashOf = (word: string): number => fnv1a(word);

function place(t: AsciiTerms, hash: number, id: number, start: number, length: number): void {
  const { table, mask } = t;
  let at = hash & mask;
  while (table[at * SLOT + 3] !== 0) at = (at + 1) & mask;
  const base = at * SLOT;
  table[base] = hash;
  table[base + 1] = id;
  table[base + 2] = start;
  table[base + 3] = length;
}

function insert(t: AsciiTerms, word: string, hash: number, id: number): void {
  // Words that are empty or not ASCII never come out of the scanner, so need no entry.
  if (word.length === 0 || !isAscii(word)) return;
  if (t.arenaEnd + word.length > t.arena.length) {
    const grown = new Uint8Array(Math.max(t.arena.length * 2, t.arenaEnd + word.length));
    grown.set(t.arena);
    t.arena = grown;
  }
  const start = t.arenaEnd;
  for (let i = 0; i < word.length; i++) t.arena[t.arenaEnd++] = word.charCodeAt(i);
  t.entries++;
  if (t.entries * 2 > t.mask + 1) {
    const old = t.table;
    t.table = new Int32Array(old.length * 2);
    t.mask = t.table.length / SLOT - 1;
    for (let base = 0; base < old.length; base += SLOT) {
      if (old[base + 3] !== 0) place(t, old[base]!, old[base + 1]!, old[base + 2]!, old[base + 3]!);
    }
  }
  place(t, hash, id, start, word.length);
}

/** A table holding `stopwords` (never terms) and the given vocabulary (id = position). */
export function asciiTerms(stopwords: ReadonlySet<string>, terms: readonly string[]): AsciiTerms {
  const t: AsciiTerms = {
    table: new Int32Array(1024 * SLOT),
    mask: 1023,
    entries: 0,
    arena: new Uint8Array(4096),
    arenaEnd: 0,
  };
  for (const word of stopwords) insert(t, word, hashOf(word), STOPWORD);
  terms.forEach((term, id) => {
    if (!stopwords.has(term)) insert(t, term, hashOf(term), id);
  });
  return t;
}

/** Records a term added by another path (non-ASCII text), so both paths agree on ids. */
export function addAsciiTerm(t: AsciiTerms, term: string, id: number): void {
  insert(t, term, hashOf(term), id);
}

/** Whether the arena bytes from `start` equal `text[from, to)` lowercased. */
function same(arena: Uint8Array, start: number, text: string, from: number, to: number): boolean {
  const shift = start - from;
  for (let i = from; i < to; i++) {
    if (arena[shift + i] !== (text.charCodeAt(i) | 0x20)) return false;
  }
  return true;
}

/** Returned for a word not in the table when nothing may be added (queries). */
const UNKNOWN = -2;

/**
 * The term id of the word `text[from, to)` (lowercased), adding it to `into` when new; with no
 * `into`, a new word is `UNKNOWN`.
 */
function lookup(
  t: AsciiTerms,
  text: string,
  from: number,
  to: number,
  hash: number,
  into: Vocabulary | undefined,
): number {
  const length = to - from;
  const { table, mask } = t;
  for (let at = hash & mask; ; at = (at + 1) & mask) {
    const base = at * SLOT;
    const stored = table[base + 3]!;
    if (stored === 0) break;
    if (
      table[base] === hash &&
      stored === length &&
      same(t.arena, table[base + 2]!, text, from, to)
    ) {
      return table[base + 1]!;
    }
  }
  if (into === undefined) return UNKNOWN;
  const word = text.slice(from, to).toLowerCase();
  const id = into.terms.length;
  into.vocabulary?.set(word, id);
  into.terms.push(word);
  insert(t, word, hash, id);
  return id;
}

/** `scanAscii`'s place in its text (scans never nest). */
const scanCursor = asciiWordCursor();

/**
 * Writes `id * 8 + field` for each word of `text` into `keys` from `at` on (`keys` must have
 * room for `text.length` more) and returns the new end, or `NOT_ASCII`. Words the vocabulary
 * has not seen are added to `into`, or left out when there is no `into` (a query).
 */
export function scanAscii(
  t: AsciiTerms,
  text: string,
  field: number,
  keys: Uint32Array,
  at: number,
  into: Vocabulary | undefined,
): number {
  if (!isAscii(text)) return NOT_ASCII;
  let count = at;
  const cursor = scanCursor;
  cursor.at = 0;
  while (nextAsciiWord(cursor, text)) {
    const id = lookup(t, text, cursor.start, cursor.end, cursor.hash, into);
    if (id >= 0) keys[count++] = id * 8 + field;
  }
  return count;
}

import { fnv1a } from '../util/fnv1a.js';
import { asciiWordCursor, nextAsciiWord } from './split-ascii-words.js';
import { isAscii, splitUnicodeWords } from './split-words.js';

/** Ints per table slot: the word's hash, its id, its arena offset, its length (0: a free slot). */
const SLOT = 4;

/**
 * Gives each distinct word of the texts it reads a dense id, in first-seen order: the words of
 * `splitWords`, nothing dropped. Pure-ASCII text is hashed as it is scanned and its words found
 * in an open-addressing table over their bytes, so a word already seen costs no string; an index
 * build reads every tool's text through one, then maps word ids to its own terms once per word.
 */
export class WordIds {
  private table = new Int32Array(1024 * SLOT);
  private mask = 1023;
  private arena = new Uint8Array(8192);
  private arenaEnd = 0;
  private readonly words: string[] = [];
  /** Words with a character above 127, which the table never holds. */
  private readonly others = new Map<string, number>();
  private buffer = new Int32Array(256);
  private readonly cursor = asciiWordCursor();

  /** Distinct words read so far; ids run from 0 to `size - 1`. */
  get size(): number {
    return this.words.length;
  }

  /** The ids of the last text read, valid up to the count `read` returned, until the next read. */
  get ids(): Int32Array {
    return this.buffer;
  }

  /** The word (lowercased, as `splitWords` gives it) of an id. */
  word(id: number): string {
    return this.words[id]!;
  }

  /** Reads `text`'s words into `ids` and returns how many there are. */
  read(text: string): number {
    if (!isAscii(text)) {
      // NFKC can make more words than the text has characters ("㍱" is "h", "pa").
      const words = splitUnicodeWords(text);
      if (this.buffer.length < words.length) this.buffer = new Int32Array(words.length * 2);
      for (let i = 0; i < words.length; i++) this.buffer[i] = this.idOf(words[i]!);
      return words.length;
    }
    // An ASCII text has at most a word per character.
    if (this.buffer.length < text.length) this.buffer = new Int32Array(text.length * 2);
    const buffer = this.buffer;
    let count = 0;
    const cursor = this.cursor;
    cursor.at = 0;
    while (nextAsciiWord(cursor, text)) {
      buffer[count++] = this.find(text, cursor.start, cursor.end, cursor.hash);
    }
    return count;
  }

  /** The id of a word given as a string (lowercase, as `splitWords` gives it), added when new. */
  idOf(word: string): number {
    if (!isAscii(word) || word.length === 0) {
      let id = this.others.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.words.push(word);
        this.others.set(word, id);
      }
      return id;
    }
    // The table's hash: FNV-1a over the (lowercase) word, as `nextAsciiWord` gives it.
    return this.find(word, 0, word.length, fnv1a(word));
  }

  /** The id of `text[from, to)` lowercased, whose hash is `hash`; added when new. */
  private find(text: string, from: number, to: number, hash: number): number {
    const length = to - from;
    const { table, mask, arena } = this;
    let at = hash & mask;
    for (; ; at = (at + 1) & mask) {
      const base = at * SLOT;
      const stored = table[base + 3]!;
      if (stored === 0) break;
      if (table[base] === hash && stored === length) {
        const shift = table[base + 2]! - from;
        let same = true;
        for (let k = from; k < to; k++) {
          if (arena[shift + k] !== (text.charCodeAt(k) | 0x20)) {
            same = false;
            break;
          }
        }
        if (same) return table[base + 1]!;
      }
    }
    const id = this.words.length;
    this.words.push(text.slice(from, to).toLowerCase());
    if (this.arenaEnd + length > this.arena.length) {
      const grown = new Uint8Array(Math.max(this.arena.length * 2, this.arenaEnd + length));
      grown.set(this.arena);
      this.arena = grown;
    }
    const start = this.arenaEnd;
    for (let k = from; k < to; k++) this.arena[this.arenaEnd++] = text.charCodeAt(k) | 0x20;
    if ((this.words.length - this.others.size) * 2 > mask + 1) {
      this.grow();
      at = hash & this.mask;
      while (this.table[at * SLOT + 3] !== 0) at = (at + 1) & this.mask;
    }
    const base = at * SLOT;
    this.table[base] = hash;
    this.table[base + 1] = id;
    this.table[base + 2] = start;
    this.table[base + 3] = length;
    return id;
  }

  /** Doubles the table, placing every word again. */
  private grow(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = table.length / SLOT - 1;
    for (let base = 0; base < old.length; base += SLOT) {
      if (old[base + 3] === 0) continue;
      let at = old[base]! & mask;
      while (table[at * SLOT + 3] !== 0) at = (at + 1) & mask;
      table.set(old.subarray(base, base + SLOT), at * SLOT);
    }
    this.table = table;
    this.mask = mask;
  }
}

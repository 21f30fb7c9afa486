import { FNV_OFFSET, FNV_PRIME } from '../util/fnv1a.js';
import { ASCII_CLASS, ASCII_LOWER, ASCII_UPPER } from './ascii-class.js';

/** `ASCII_CLASS` of a code that is no part of a word. */
const SEPARATOR = 0;

/**
 * The end of the ASCII word that starts with the capital at `start`: a capitalised word (`User`)
 * or an acronym (`HTTP`), which gives up its last capital to a capitalised word that follows it
 * (`HTTPServer` -> `HTTP`, `Server`). The one statement of the rule for every ASCII scanner.
 */
function capitalWordEnd(text: string, start: number, length: number): number {
  let i = start + 1;
  while (i < length && ASCII_CLASS[text.charCodeAt(i)] === ASCII_UPPER) i++;
  if (i < length && ASCII_CLASS[text.charCodeAt(i)] === ASCII_LOWER) {
    if (i - start >= 2) return i - 1;
    i++;
    while (i < length && ASCII_CLASS[text.charCodeAt(i)] === ASCII_LOWER) i++;
  }
  return i;
}

/** Where `nextAsciiWord` is in a text: the word it found, and its hash. */
export interface AsciiWordCursor {
  /** Where the next search starts; set it to 0 for a new text. */
  at: number;
  start: number;
  end: number;
  /** `fnv1a` of the word, letters lowercased (hashed inline while scanning, with its constants). */
  hash: number;
}

/** A cursor for `nextAsciiWord`, at the start of a text. */
export const asciiWordCursor = (): AsciiWordCursor => ({ at: 0, start: 0, end: 0, hash: 0 });

/**
 * Moves `cursor` to the next word of the ASCII `text` (`splitAsciiWords`'s words, unlowered,
 * as bounds and a lowercase hash, with no string made); false when there is none. The one scan
 * under every table that maps ASCII words straight to ids (core's `WordIds`, bm25's).
 */
export function nextAsciiWord(cursor: AsciiWordCursor, text: string): boolean {
  const length = text.length;
  let i = cursor.at;
  while (i < length && ASCII_CLASS[text.charCodeAt(i)] === SEPARATOR) i++;
  if (i >= length) {
    cursor.at = length;
    return false;
  }
  const kind = ASCII_CLASS[text.charCodeAt(i)]!;
  const start = i;
  let hash = FNV_OFFSET;
  if (kind !== ASCII_UPPER) {
    // A lowercase or digit run hashes as it is while it is scanned.
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (ASCII_CLASS[code] !== kind) break;
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
  } else {
    i = capitalWordEnd(text, start, length);
    // `| 0x20` lowercases a letter.
    for (let k = start; k < i; k++) hash = Math.imul(hash ^ (text.charCodeAt(k) | 0x20), FNV_PRIME);
  }
  cursor.start = start;
  cursor.end = i;
  cursor.hash = hash;
  cursor.at = i;
  return true;
}

/**
 * `splitWords` for text whose every code unit is below 128, in one pass over char codes with
 * no regular expressions: lowercase runs and digit runs are words; an uppercase letter starts a
 * capitalised word (`User`) or an acronym (`HTTP`), and an acronym gives up its last letter to
 * a capitalised word that follows it (`HTTPServer` -> `http`, `server`). Lowercase text is
 * sliced from one lowercased copy, so a word costs one string. Words in `skip` (stopwords) are
 * left out as they are found.
 */
export function splitAsciiWords(text: string, skip?: ReadonlySet<string>): string[] {
  const words: string[] = [];
  const length = text.length;
  let lower: string | undefined;
  let i = 0;
  while (i < length) {
    const kind = ASCII_CLASS[text.charCodeAt(i)]!;
    if (kind === SEPARATOR) {
      i++;
      continue;
    }
    const start = i;
    if (kind !== ASCII_UPPER) {
      i++;
      while (i < length && ASCII_CLASS[text.charCodeAt(i)] === kind) i++;
      const word = text.slice(start, i);
      if (skip === undefined || !skip.has(word)) words.push(word);
      continue;
    }
    lower ??= text.toLowerCase();
    i = capitalWordEnd(text, start, length);
    const word = lower.slice(start, i);
    if (skip === undefined || !skip.has(word)) words.push(word);
  }
  return words;
}

import { ASCII_CLASS, ASCII_LOWER, ASCII_UPPER } from './ascii-class.js';

/** `ASCII_CLASS` of a code that is no part of a word. */
const SEPARATOR = 0;

/**
 * The end of the ASCII word that starts with the capital at `start`: a capitalised word (`User`)
 * or an acronym (`HTTP`), which gives up its last capital to a capitalised word that follows it
 * (`HTTPServer` -> `HTTP`, `Server`). The one statement of the rule for every ASCII scanner.
 */
export function capitalWordEnd(text: string, start: number, length: number): number {
  let i = start + 1;
  while (i < length && ASCII_CLASS[text.charCodeAt(i)] === ASCII_UPPER) i++;
  if (i < length && ASCII_CLASS[text.charCodeAt(i)] === ASCII_LOWER) {
    if (i - start >= 2) return i - 1;
    i++;
    while (i < length && ASCII_CLASS[text.charCodeAt(i)] === ASCII_LOWER) i++;
  }
  return i;
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

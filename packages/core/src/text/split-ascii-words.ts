/** Character classes of ASCII codes: 0 separator, 1 lowercase, 2 uppercase, 3 digit. */
const SEPARATOR = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

const CLASS = new Uint8Array(128);
for (let code = 97; code <= 122; code++) CLASS[code] = LOWER;
for (let code = 65; code <= 90; code++) CLASS[code] = UPPER;
for (let code = 48; code <= 57; code++) CLASS[code] = DIGIT;

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
    const kind = CLASS[text.charCodeAt(i)]!;
    if (kind === SEPARATOR) {
      i++;
      continue;
    }
    const start = i;
    if (kind !== UPPER) {
      i++;
      while (i < length && CLASS[text.charCodeAt(i)] === kind) i++;
      const word = text.slice(start, i);
      if (skip === undefined || !skip.has(word)) words.push(word);
      continue;
    }
    lower ??= text.toLowerCase();
    i++;
    while (i < length && CLASS[text.charCodeAt(i)] === UPPER) i++;
    if (i < length && CLASS[text.charCodeAt(i)] === LOWER) {
      if (i - start >= 2) {
        // An acronym before a capitalised word: its last capital starts the next word.
        i--;
      } else {
        i++;
        while (i < length && CLASS[text.charCodeAt(i)] === LOWER) i++;
      }
    }
    const word = lower.slice(start, i);
    if (skip === undefined || !skip.has(word)) words.push(word);
  }
  return words;
}

import { describe, expect, it } from 'vitest';
import { seededRandom } from '../util/seeded-random.js';
import { splitAsciiWords } from './split-ascii-words.js';
import { splitUnicodeWords, splitWords } from './split-words.js';

const pools = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
  ' _-./:{}()[]\t\n,;!?\'"@#$%^&*+=<>|\\~`',
];

/** Strings mixing lowercase, uppercase, digits and separators in runs of varied length. */
function randomAscii(next: () => number, length: number): string {
  let text = '';
  while (text.length < length) {
    const pool = pools[Math.floor(next() * pools.length)]!;
    const run = 1 + Math.floor(next() * 5);
    for (let i = 0; i < run; i++) text += pool[Math.floor(next() * pool.length)];
  }
  return text;
}

describe('splitAsciiWords', () => {
  it('gives exactly the words of the general Unicode path on random ASCII text', () => {
    const next = seededRandom(20240611);
    for (let n = 0; n < 5000; n++) {
      const text = randomAscii(next, Math.floor(next() * 40));
      expect(splitAsciiWords(text), JSON.stringify(text)).toEqual(splitUnicodeWords(text));
    }
  });

  it('covers every ASCII code unit, control characters included', () => {
    let all = '';
    for (let code = 0; code < 128; code++) all += `${String.fromCharCode(code)}aB${code}Cd`;
    expect(splitAsciiWords(all)).toEqual(splitUnicodeWords(all));
  });

  it.each([
    ['HTTPServer', ['http', 'server']],
    ['ABc', ['a', 'bc']],
    ['aBCD9eF', ['a', 'bcd', '9', 'e', 'f']],
    ['X', ['x']],
    ['', []],
  ])('splits %s like the general path', (input, expected) => {
    expect(splitAsciiWords(input)).toEqual(expected);
    expect(splitUnicodeWords(input)).toEqual(expected);
  });

  it('is taken only for ASCII: text with other characters still folds and splits by script', () => {
    expect(splitWords('ＡＰＩ key_Ａ')).toEqual(['api', 'key', 'a']);
    expect(splitWords('getUser café')).toEqual(['get', 'user', 'café']);
  });
});

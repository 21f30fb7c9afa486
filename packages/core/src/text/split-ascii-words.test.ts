import { describe, expect, it } from 'vitest';
import { splitAsciiWords } from './split-ascii-words.js';
import { splitUnicodeWords, splitWords } from './split-words.js';

/** A small seeded generator (mulberry32), so a failing string can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

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
    const next = random(20240611);
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

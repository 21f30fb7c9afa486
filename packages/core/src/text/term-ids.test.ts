import { describe, expect, it } from 'vitest';
import { lightStem } from './light-stem.js';
import { splitWords } from './split-words.js';
import { createTermIdReader } from './term-ids.js';
import { createTokenizer, type TokenizerOptions } from './tokenizer.js';
import { WordIds } from './word-ids.js';

/** Texts covering the ASCII scanner's rules, other scripts, and words seen in both paths. */
const texts = [
  'List the open issues of a repository',
  'getUserProfile parseHTTPResponse getUserID HTTPServer A I',
  'sha256Hash v2 MAX_RETRY_COUNT HRIS.list_Employees-v2',
  'SEND Send send sends sending',
  'Größe des Bildes ändern: resize the image',
  'café data DATA Data',
  '明日の天気 查询天气API',
  'ＡＰＩ ｋｅｙ api key',
  '',
  '  -- __ ..  ',
  'The the THE and of to',
  'x'.repeat(300) + ' Y'.repeat(200),
];

/** A seeded mix of ASCII words, case and separators, and a few non-ASCII words. */
function randomTexts(count: number): string[] {
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const pieces = [
    'get',
    'User',
    'HTTP',
    'ID',
    'list_',
    'open',
    'issues',
    'the',
    'A',
    '42',
    'v2',
    'Ärger',
    'é',
    '-',
    '.',
    ' ',
    'Server',
    'sending',
    'MAX',
    '_',
    'of',
    'réseau',
  ];
  return Array.from({ length: count }, () =>
    Array.from(
      { length: Math.floor(next() * 40) },
      () => pieces[Math.floor(next() * pieces.length)],
    ).join(next() < 0.5 ? ' ' : ''),
  );
}

describe('WordIds', () => {
  it('reads the words of splitWords, one id per distinct word, in first-seen order', () => {
    const words = new WordIds();
    const seen: string[] = [];
    for (const text of [...texts, ...randomTexts(500)]) {
      const count = words.read(text);
      const read = Array.from(words.ids.subarray(0, count), (id) => words.word(id));
      expect(read).toEqual(splitWords(text));
      for (const word of read) if (!seen.includes(word)) seen.push(word);
    }
    expect(words.size).toBe(seen.length);
    expect(Array.from({ length: words.size }, (_, id) => words.word(id))).toEqual(seen);
  });

  it('reads a text that folding makes into more words than it has characters', () => {
    // Each "㍿" is the four ideographs of "株式会社".
    const text = '㍿'.repeat(300);
    const words = new WordIds();
    const count = words.read(text);
    expect(count).toBe(1200);
    expect(Array.from(words.ids.subarray(0, count), (id) => words.word(id))).toEqual(
      splitWords(text),
    );
  });

  it('gives a word the same id from a string as from text', () => {
    const words = new WordIds();
    words.read('Send an EMAIL to Zoë');
    expect(words.idOf('email')).toBe(2);
    expect(words.idOf('zoë')).toBe(4);
    expect(words.idOf('new')).toBe(5);
    words.read('NEW email');
    expect(Array.from(words.ids.subarray(0, 2))).toEqual([5, 2]);
  });
});

describe('createTermIdReader', () => {
  it.each<[string, TokenizerOptions]>([
    ['the default chain', {}],
    ['no stopwords', { stopwords: false }],
    ['no stemming', { stem: false }],
    [
      'a custom stem and stopwords',
      { stem: (word) => lightStem(word).slice(0, 4), stopwords: ['get', 'user'] },
    ],
  ])(
    'gives the ids of createTokenizer()’s terms, interned in its order, with %s',
    (_name, options) => {
      const tokenize = createTokenizer(options);
      const expected = new Map<string, number>();
      const order: string[] = [];
      const interned: string[] = [];
      const ids = new Map<string, number>();
      const read = createTermIdReader(options, (term) => {
        let id = ids.get(term);
        if (id === undefined) {
          id = interned.length;
          ids.set(term, id);
          interned.push(term);
        }
        return id;
      });
      for (const text of [...texts, ...randomTexts(300)]) {
        const terms = tokenize(text);
        for (const term of terms) {
          if (!expected.has(term)) {
            expected.set(term, order.length);
            order.push(term);
          }
        }
        expect(Array.from(read(text), (id) => interned[id])).toEqual(terms);
      }
      expect(interned).toEqual(order);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { compareRanked } from '../ranking/compare-ranked.js';
import { checkInteger } from './check-integer.js';
import { FNV_OFFSET, fnv1a } from './fnv1a.js';
import { hashHex, hashString } from './hash-string.js';
import { seededRandom } from './seeded-random.js';

describe('checkInteger', () => {
  it('accepts integers in range, huge limits included, and gives the fallback for undefined', () => {
    expect(checkInteger(5, 'f(limit)')).toBe(5);
    expect(checkInteger(2 ** 60, 'f(limit)')).toBe(2 ** 60);
    expect(checkInteger(0, 'f(n)', { min: 0 })).toBe(0);
    expect(checkInteger(undefined, 'f(n)', { fallback: 7 })).toBe(7);
  });

  it.each([
    [0, {}, 'f(x) must be a positive integer, got 0'],
    [1.5, {}, 'f(x) must be a positive integer, got 1.5'],
    ['4', {}, 'f(x) must be a positive integer, got 4'],
    [undefined, {}, 'f(x) must be a positive integer, got undefined'],
    [-1, { min: 0 }, 'f(x) must be an integer ≥ 0, got -1'],
    [11, { min: 1, max: 10 }, 'f(x) must be an integer from 1 to 10, got 11'],
    [
      Number.NaN,
      { hint: '(tools to keep)' },
      'f(x) must be a positive integer (tools to keep), got NaN',
    ],
  ])('rejects %s with a typed error naming the argument', (value, rule, message) => {
    expect(() => checkInteger(value, 'f(x)', rule)).toThrow(message);
    expect(() => checkInteger(value, 'f(x)', rule)).toThrow(InvalidArgumentError);
  });
});

describe('fnv1a', () => {
  it('gives the published 32-bit FNV-1a values', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a') >>> 0).toBe(0xe40c292c);
    expect(fnv1a('foobar') >>> 0).toBe(0xbf9cf968);
  });

  it('hashes a range as its substring, and a continued state as the joined text', () => {
    expect(fnv1a('xxfoobaryy', FNV_OFFSET, 2, 8)).toBe(fnv1a('foobar'));
    expect(fnv1a('bar', fnv1a('foo'))).toBe(fnv1a('foobar'));
  });
});

describe('hashString and seededRandom', () => {
  it('give the values persisted ids and digests were made with, on every platform', () => {
    // Pinned: tfidf snapshot ids and the CLI's token-count cache keys were written with these.
    expect(hashString('send_email')).toBe(1542740571);
    expect(hashString('send_email', 0x9e3779b9)).toBe(3559242132);
    expect(hashString('é🙂')).toBe(3565317970);
    expect(hashHex('')).toBe('ab3e7c0b');
    const next = seededRandom(42);
    expect([next(), next(), next()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
  });

  it('repeats a sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('compareRanked', () => {
  it('orders by score, then name, whatever the input order', () => {
    const ranked = [
      { name: 'b', score: 1 },
      { name: 'c', score: 2 },
      { name: 'a', score: 1 },
    ];
    const expected = ['c', 'a', 'b'];
    expect([...ranked].sort(compareRanked).map((r) => r.name)).toEqual(expected);
    expect(
      [...ranked]
        .reverse()
        .sort(compareRanked)
        .map((r) => r.name),
    ).toEqual(expected);
  });
});

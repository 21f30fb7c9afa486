import fc from 'fast-check';
import { expect, it } from 'vitest';
import { utf8Length } from './utf8-length.js';

it('counts what Node encodes, lone surrogates and pairs included', () => {
  for (const text of [
    '',
    'a',
    'é',
    '€',
    '😀',
    '\ud800',
    '\udc00x',
    'a\ud83d',
    '\ud83d\ud83d\ude00',
  ]) {
    expect(utf8Length(text)).toBe(Buffer.byteLength(text));
  }
  fc.assert(
    // Whole code points, and raw UTF-16 units (lone and paired surrogates).
    fc.property(
      fc.oneof(
        fc.string({ unit: fc.nat(0x10ffff).map((c) => String.fromCodePoint(c)), maxLength: 200 }),
        fc.string({ unit: fc.nat(0xffff).map((c) => String.fromCharCode(c)), maxLength: 200 }),
      ),
      (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text));
      },
    ),
    { numRuns: 300 },
  );
});

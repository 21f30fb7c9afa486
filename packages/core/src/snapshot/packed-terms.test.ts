import { describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import {
  checkPackedTerms,
  packedTermCount,
  packedTermId,
  packTerms,
  unpackTerms,
} from './packed-terms.js';

const words = (count: number, seed: number): string[] => {
  const out = new Set<string>();
  let state = seed;
  while (out.size < count) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out.add((state % 100_000).toString(36) + (state % 7 === 0 ? 'é' : ''));
  }
  return [...out];
};

describe('packTerms', () => {
  it('finds every term at its id, and no other string, and unpacks to the same terms', () => {
    for (const terms of [
      [],
      [''],
      ['a', ''],
      words(1000, 1),
      ['漢字', 'naïve', '😀', 'x'.repeat(10_000)],
    ]) {
      const packed = packTerms(terms);
      checkPackedTerms('test', packed);
      expect(packedTermCount(packed)).toBe(terms.length);
      terms.forEach((term, id) => {
        expect(packedTermId(packed, term)).toBe(id);
      });
      for (const absent of ['zz-absent', 'a ', 'é', '漢', '😀😀', 'x'.repeat(9_999)]) {
        if (!terms.includes(absent)) expect(packedTermId(packed, absent)).toBeUndefined();
      }
      expect(unpackTerms(packed)).toEqual(terms);
    }
  });

  it('keeps Latin-1 text at one byte a code unit, wider text at two', () => {
    expect(packTerms(['naïve', 'café']).chars).toBeInstanceOf(Uint8Array);
    expect(packTerms(['naïve', '漢']).chars).toBeInstanceOf(Uint16Array);
    // 0x80 to 0x9f are kept as code units, not read as windows-1252.
    expect(unpackTerms(packTerms(['\u0080\u009f\u00ff']))).toEqual(['\u0080\u009f\u00ff']);
  });

  it('stops looking after one pass over a table with no empty place', () => {
    const packed = packTerms(['a', 'b']);
    const full = { ...packed, table: packed.table.map((entry) => entry || 1) };
    expect(packedTermId(full, 'c')).toBeUndefined();
  });

  it('refuses a malformed vocabulary with CorruptDataError', () => {
    const packed = packTerms(words(50, 2));
    const cases = [
      { ...packed, starts: packed.starts.subarray(1) },
      { ...packed, chars: packed.chars.subarray(1) },
      { ...packed, table: packed.table.subarray(0, 96) },
      { ...packed, table: packed.table.subarray(0, 32) },
      { ...packed, table: packed.table.map((entry) => (entry === 1 ? 51 : entry)) },
      { ...packed, table: packed.table.map((entry) => (entry === 1 ? 2 : entry)) },
      { ...packed, table: packed.table.map((entry) => (entry === 1 ? 0 : entry)) },
    ];
    for (const damaged of cases) {
      expect(() => checkPackedTerms('test', damaged)).toThrow(CorruptDataError);
    }
    expect(() => checkPackedTerms('test', packed)).not.toThrow();
  });
});

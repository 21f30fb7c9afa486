import { describe, expect, it } from 'vitest';
import { idfTable } from './idf-table.js';

describe('idfTable', () => {
  it('answers as map.get(key) ?? fallback for stored, colliding and absent 32-bit keys', () => {
    const map = new Map<number, number>();
    let state = 7;
    const next = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state;
    };
    for (let i = 0; i < 5000; i++) map.set(next(), i / 7);
    // Keys sharing their low bits probe past each other; 0 and 2^32 − 1 are valid keys.
    for (const key of [0, 0xffffffff, 0x80000000, 16, 32, 48, 0x10010]) map.set(key, key / 3 + 1);
    const lookup = idfTable(map);
    for (const [key, value] of map) expect(lookup(key, -1)).toBe(value);
    for (let i = 0; i < 5000; i++) {
      const key = next();
      expect(lookup(key, -1)).toBe(map.get(key) ?? -1);
    }
    expect(idfTable(new Map())(123, 2.5)).toBe(2.5);
  });
});

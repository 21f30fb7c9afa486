import { describe, expect, it } from 'vitest';
import { prefixCounts } from './prefix-counts.js';

describe('prefixCounts()', () => {
  const count = prefixCounts({
    name: { '§get': 3, '§getter': 2, '§list': 4 },
    description: { '§get': 5, '§gets': 1, '§ge': 1, '§zebra': 7 },
    tags: undefined,
  });

  it('counts the postings of a term and of every term it begins, over every field', () => {
    expect(count('§get')).toBe(3 + 2 + 5 + 1);
    expect(count('§ge')).toBe(3 + 2 + 5 + 1 + 1);
    expect(count('§g')).toBe(12);
    expect(count('§list')).toBe(4);
    expect(count('§zebra')).toBe(7);
  });

  it('counts nothing for a term no indexed term begins with', () => {
    expect(count('§gx')).toBe(0);
    expect(count('§listing')).toBe(0);
    expect(count('§zz')).toBe(0);
    expect(prefixCounts({})('§a')).toBe(0);
  });
});

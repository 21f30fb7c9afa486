import { describe, expect, it } from 'vitest';
import { prefixCounts } from './prefix-counts.js';

describe('prefixCounts()', () => {
  const count = prefixCounts({
    name: { '§get': 3, '§getter': 2, '§list': 4 },
    description: { '§get': 5, '§gets': 1, '§ge': 1, '§zebra': 7 },
    tags: undefined,
  });

  it('counts the terms a term begins and their postings, over every field', () => {
    expect(count('§get')).toEqual({ terms: 4, postings: 3 + 2 + 5 + 1 });
    expect(count('§ge')).toEqual({ terms: 5, postings: 3 + 2 + 5 + 1 + 1 });
    expect(count('§g')).toEqual({ terms: 5, postings: 12 });
    expect(count('§list')).toEqual({ terms: 1, postings: 4 });
    expect(count('§zebra')).toEqual({ terms: 1, postings: 7 });
  });

  it('counts nothing for a term no indexed term begins with', () => {
    const none = { terms: 0, postings: 0 };
    expect(count('§gx')).toEqual(none);
    expect(count('§listing')).toEqual(none);
    expect(count('§zz')).toEqual(none);
    expect(prefixCounts({})('§a')).toEqual(none);
  });
});

import { generateCatalogue } from '@shortlist/bench';
import { InvalidArgumentError } from '@shortlist/core';
import { tfidf } from '@shortlist/tfidf';
import { describe, expect, it } from 'vitest';
import { wordPieces } from './word-pieces.js';

describe('wordPieces()', () => {
  it('cuts each marked word into its 4-letter pieces by default', () => {
    expect(wordPieces()('copywriting')).toEqual([
      '<cop',
      'copy',
      'opyw',
      'pywr',
      'ywri',
      'writ',
      'riti',
      'itin',
      'ting',
      'ing>',
    ]);
    // Shared pieces are what lets "copywriting" meet `copywriter`.
    const shared = wordPieces()('copywriter').filter((piece) =>
      wordPieces()('copywriting').includes(piece),
    );
    expect(shared).toEqual(['<cop', 'copy', 'opyw', 'pywr', 'ywri', 'writ']);
  });

  it('splits names into words first and drops stopwords', () => {
    expect(wordPieces(4)('get_the weather')).toEqual(wordPieces(4)('get weather'));
    expect(wordPieces(4)('the of and')).toEqual([]);
    expect(wordPieces(4, [])('the')).toEqual(['<the', 'the>']);
    expect(wordPieces(4, ['weather'])('get weather')).toEqual(['<get', 'get>']);
  });

  it('keeps words of n − 2 letters or fewer whole, marked', () => {
    expect(wordPieces(4)('go x')).toEqual(['<go>', '<x>']);
    expect(wordPieces(5)('api')).toEqual(['<api>']);
    expect(wordPieces(3)('go')).toEqual(['<go', 'go>']);
    expect(wordPieces(2)('ab')).toEqual(['<a', 'ab', 'b>']);
  });

  it('gives nothing for empty or punctuation-only text', () => {
    expect(wordPieces()('')).toEqual([]);
    expect(wordPieces()('  --- ?! ')).toEqual([]);
  });

  it('cuts non-ASCII words by character, never leaving half a character', () => {
    expect(wordPieces(4)('Größe')).toEqual(['<grö', 'größ', 'röße', 'öße>']);
    expect(wordPieces(4)('Привет')).toEqual(['<при', 'прив', 'риве', 'ивет', 'вет>']);
    // Core splits CJK text into one word a character.
    expect(wordPieces(3)('東京')).toEqual(['<東>', '<京>']);
    // Gothic letters lie outside the Basic Multilingual Plane: two UTF-16 units each.
    const pieces = wordPieces(3)('𐌰𐌱𐌲𐌳');
    expect(pieces).toEqual(['<𐌰𐌱', '𐌰𐌱𐌲', '𐌱𐌲𐌳', '𐌲𐌳>']);
    const lone = (piece: string) =>
      Array.from(piece).some((char) => char.length === 1 && /[\uD800-\uDFFF]/.test(char));
    expect(pieces.filter(lone)).toEqual([]);
    expect(wordPieces(5)('𐌰𐌱𐌲')).toEqual(['<𐌰𐌱𐌲>']);
  });

  it('rejects a bad piece length or stopword list with InvalidArgumentError', () => {
    for (const n of [0, 1, -4, 2.5, Number.NaN, '4' as never]) {
      expect(() => wordPieces(n)).toThrow(InvalidArgumentError);
    }
    expect(() => wordPieces(1)).toThrow(/integer of at least 2/);
    expect(() => wordPieces(4, 'the' as never)).toThrow(InvalidArgumentError);
    expect(() => wordPieces(4, null as never)).toThrow(/iterable of words/);
  });
});

describe('wordPieces().termIds', () => {
  it('reads a text as the ids of the same pieces, in the same order, each piece interned once', () => {
    const pieces = wordPieces();
    const interned: string[] = [];
    const intern = (term: string) => {
      const at = interned.indexOf(term);
      if (at >= 0) return at;
      interned.push(term);
      return interned.length - 1;
    };
    const read = pieces.termIds(intern);
    for (const text of [
      'copywriting copywriter',
      'the air quality forecast',
      'go 日本語 tests go',
      'The AirQuality THE getHTTPServer of Größe',
    ]) {
      expect([...read(text)].map((id) => interned[id])).toEqual(pieces(text));
    }
    expect(new Set(interned).size).toBe(interned.length);
  });
});

describe('tfidf over wordPieces(): a fresh build', () => {
  it('gives the same index, byte for byte, as adding the tools to an empty one', async () => {
    const tools = generateCatalogue({ size: 400, seed: 9 });
    const ranker = () => tfidf({ id: 'pieces', tokenizer: wordPieces(4) });
    const built = await ranker().doIndex(tools);
    const added = await ranker().doIndex([]);
    await added.doAdd!(tools);
    // Compared as bytes: a deep equality of megabytes is slow.
    expect(Buffer.compare(built.doSnapshot!(), added.doSnapshot!())).toBe(0);
    for (const query of ['send an email to the team', 'copywriting air quality', 'refund order']) {
      const ranking = await built.doRank(query, { limit: 20 });
      expect(ranking.length).toBeGreaterThan(0);
      expect(ranking).toEqual(await added.doRank(query, { limit: 20 }));
    }
  });
});

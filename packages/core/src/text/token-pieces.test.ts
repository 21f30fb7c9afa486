import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokensBounded, tokenPieces } from './token-pieces.js';

const ordinary = { disallowedSpecial: new Set<string>() };
const exact = (text: string) => countTokens(text, ordinary);

/** Texts made mostly of long runs of one class, the shapes that make BPE slow. */
const runs = fc
  .array(
    fc.oneof(
      fc.string({
        unit: fc.constantFrom('a', 'b', 'e', 'é', 'x', 'Z'),
        minLength: 1,
        maxLength: 120,
      }),
      fc.string({ unit: fc.constantFrom('的', '一', '是', '不'), minLength: 1, maxLength: 80 }),
      fc.string({ unit: fc.constantFrom('-', '!', '#', '😀'), minLength: 1, maxLength: 60 }),
      fc.constantFrom(' ', '  ', '\n', '42', ', '),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('tokenPieces()', () => {
  it('gives pieces that concatenate back to the text, with no run longer than the cap', () => {
    fc.assert(
      fc.property(runs, fc.integer({ min: 4, max: 64 }), (text, maxRun) => {
        const pieces = tokenPieces(text, maxRun);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) {
          expect(/[\p{L}\p{M}]{2,}/u.test(piece) ? longestLetterRun(piece) : 0).toBeLessThanOrEqual(
            maxRun,
          );
        }
      }),
    );
  });

  it('cuts the same as the pattern alone: the quick scan never misses a long run', () => {
    // Runs just past the cap, ASCII and not, each class: every one must still be cut.
    const maxRun = 8;
    const long = [
      'abcdefghi',
      'ééééééééé',
      '的的的的的的的的的',
      '---------',
      '!!!!!😀😀😀😀',
      ' \t \n \u00a0    ',
    ];
    for (const run of long) {
      expect(tokenPieces(`x ${run} y`, maxRun).length, run).toBeGreaterThan(1);
    }
    fc.assert(
      fc.property(runs, fc.integer({ min: 4, max: 64 }), (text, maxRun) => {
        const cut = tokenPieces(text, maxRun).length > 1;
        expect(cut).toBe(longestRun(text) > maxRun);
      }),
    );
  });

  it('leaves ordinary text whole', () => {
    const text = 'Search the email archive by sender, subject and date. '.repeat(40);
    expect(tokenPieces(text)).toEqual([text]);
  });
});

describe('countTokensBounded()', () => {
  it('never counts fewer tokens than the exact count', () => {
    fc.assert(
      fc.property(runs, fc.integer({ min: 8, max: 64 }), (text, maxRun) => {
        expect(countTokensBounded(text, exact, maxRun)).toBeGreaterThanOrEqual(exact(text));
      }),
      { numRuns: 300 },
    );
  });

  it('equals the exact count on text without oversized runs', () => {
    const text = '{"type":"function","function":{"name":"send_email","description":"Send"}}';
    expect(countTokensBounded(text.repeat(20), exact)).toBe(exact(text.repeat(20)));
  });

  it('stays within a few percent of the exact count on one long word', () => {
    const word = 'internationalization'.repeat(100);
    const bounded = countTokensBounded(word, exact);
    expect(bounded).toBeGreaterThanOrEqual(exact(word));
    expect(bounded).toBeLessThan(exact(word) * 1.15);
  });
});

function longestLetterRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/[\p{L}\p{M}]+/gu))
    longest = Math.max(longest, match[0].length);
  return longest;
}

/** The longest run of one class in `text`, in code points, by the classes the cut is defined by. */
function longestRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/[\p{L}\p{M}]+|[^\s\p{L}\p{M}\p{N}]+|\s+/gu)) {
    longest = Math.max(longest, [...match[0]].length);
  }
  return longest;
}

import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/index.js';
import { completeAt, hitAt, ndcgAt, recallAt, reciprocalRank } from './metrics.js';

const set = (...names: string[]) => new Set(names);

// Hand computation for ranked a b c d e, relevant {b, d}:
// positions of relevant: 2 and 4. log2(3) = 1.5849625, log2(5) = 2.3219281.
// ideal DCG (2 relevant) = 1/log2(2) + 1/log2(3) = 1 + 0.6309298 = 1.6309298.
const ranked = ['a', 'b', 'c', 'd', 'e'];
const twoRelevant = set('b', 'd');

describe('hitAt', () => {
  it('is 1 only when a relevant tool is within the first k', () => {
    expect(hitAt(ranked, twoRelevant, 1)).toBe(0);
    expect(hitAt(ranked, twoRelevant, 2)).toBe(1);
    expect(hitAt(['b'], twoRelevant, 1)).toBe(1);
    expect(hitAt([], twoRelevant, 10)).toBe(0);
  });
});

describe('recallAt', () => {
  it('is the share of relevant tools found in the first k', () => {
    expect(recallAt(ranked, twoRelevant, 1)).toBe(0);
    expect(recallAt(ranked, twoRelevant, 3)).toBe(0.5);
    expect(recallAt(ranked, twoRelevant, 4)).toBe(1);
    expect(recallAt(ranked, set('a', 'b', 'c'), 2)).toBeCloseTo(2 / 3, 12);
  });

  it('looks no further than the ranking given', () => {
    expect(recallAt(['d'], twoRelevant, 10)).toBe(0.5);
  });
});

describe('completeAt', () => {
  it('is 1 only when every relevant tool is in the first k', () => {
    expect(completeAt(ranked, twoRelevant, 3)).toBe(0);
    expect(completeAt(ranked, twoRelevant, 4)).toBe(1);
    expect(completeAt(ranked, set('a', 'b', 'c'), 2)).toBe(0);
    expect(completeAt(['c'], set('c'), 1)).toBe(1);
  });
});

describe('ndcgAt', () => {
  it('matches the hand-computed value with two relevant tools', () => {
    // k = 3: DCG = 1/log2(3) = 0.6309298; / 1.6309298 = 0.3868528
    expect(ndcgAt(ranked, twoRelevant, 3)).toBeCloseTo(0.3868528, 6);
    // k = 5: DCG = 1/log2(3) + 1/log2(5) = 0.6309298 + 0.4306766 = 1.0616064; / 1.6309298 = 0.6509209
    expect(ndcgAt(ranked, twoRelevant, 5)).toBeCloseTo(0.6509209, 6);
  });

  it('caps the ideal at k ones when more tools are relevant than k', () => {
    // relevant {a, b, c}, k = 2: DCG = 1 + 1/log2(3), ideal = the same => 1
    expect(ndcgAt(['a', 'b', 'c'], set('a', 'b', 'c'), 2)).toBe(1);
    // relevant {a, c, x}, ranked a b c, k = 3: DCG = 1 + 1/log2(4) = 1.5;
    // ideal = 1 + 1/log2(3) + 1/log2(4) = 2.1309298 => 0.7039181
    expect(ndcgAt(['a', 'b', 'c'], set('a', 'c', 'x'), 3)).toBeCloseTo(0.7039181, 6);
  });

  it('is 1 for a perfect ranking and 0 when nothing relevant comes back', () => {
    expect(ndcgAt(['b', 'd', 'a'], twoRelevant, 10)).toBe(1);
    expect(ndcgAt(['a', 'c'], twoRelevant, 10)).toBe(0);
  });
});

describe('reciprocalRank', () => {
  it('is 1 / the position of the first relevant tool over the whole ranking', () => {
    expect(reciprocalRank(ranked, twoRelevant)).toBe(0.5);
    expect(reciprocalRank(ranked, set('e'))).toBe(0.2);
    expect(reciprocalRank(ranked, set('z'))).toBe(0);
    const long = Array.from({ length: 40 }, (_, i) => `t${i}`);
    expect(reciprocalRank(long, set('t39'))).toBe(1 / 40);
  });
});

describe('duplicate names in a ranking', () => {
  it('count once, at their first position', () => {
    const repeated = ['a', 'a', 'b', 'a', 'd'];
    // distinct order: a b d
    expect(hitAt(repeated, set('b'), 2)).toBe(1);
    expect(reciprocalRank(repeated, set('b'))).toBe(0.5);
    expect(reciprocalRank(repeated, set('d'))).toBeCloseTo(1 / 3, 12);
    expect(recallAt(repeated, twoRelevant, 3)).toBe(1);
    expect(ndcgAt(['b', 'b'], twoRelevant, 10)).toBeCloseTo(1 / 1.6309298, 6);
    expect(recallAt(['b', 'b', 'b'], twoRelevant, 3)).toBe(0.5);
  });
});

describe('tied positions', () => {
  it('are judged in the order given, so the spec tie-break (name order) decides', () => {
    // Two tools tie on score; the Ranking contract lists them by ascending name.
    const tiedByName = ['alpha', 'beta'];
    expect(hitAt(tiedByName, set('beta'), 1)).toBe(0);
    expect(reciprocalRank(tiedByName, set('beta'))).toBe(0.5);
    expect(ndcgAt(tiedByName, set('alpha', 'beta'), 2)).toBe(1);
  });
});

describe('bad input', () => {
  it('rejects a k that is not a positive integer and an empty relevant set', () => {
    expect(() => hitAt(ranked, twoRelevant, 0)).toThrow(InvalidArgumentError);
    expect(() => ndcgAt(ranked, twoRelevant, 2.5)).toThrow(/positive integer/);
    expect(() => recallAt(ranked, set(), 5)).toThrow(/at least one relevant tool/);
    expect(() => reciprocalRank(ranked, set())).toThrow(InvalidArgumentError);
  });
});

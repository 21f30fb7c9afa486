import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CostedCandidate, keptRelevance, rankWeight } from './costed-candidate.js';
import { packGreedy as packGreedyBy } from './pack-greedy.js';
import { packOptimal } from './pack-optimal.js';

const candidates = (tokens: readonly number[]): CostedCandidate[] =>
  tokens.map((t, i) => ({ name: `t${i + 1}`, rank: i + 1, tokens: t }));

const packGreedy = (pool: readonly CostedCandidate[], maxTokens: number, limit: number) =>
  packGreedyBy(pool, maxTokens, limit, (c) => c.tokens);

const relevanceOf = (result: { kept: readonly { name: string }[] }, pool: CostedCandidate[]) =>
  keptRelevance(result.kept.map((k) => pool.find((c) => c.name === k.name)!));

/** The best relevance any subset reaches, by trying all of them (small windows only). */
function bruteForce(pool: CostedCandidate[], maxTokens: number, limit: number): number {
  let best = 0;
  for (let mask = 0; mask < 1 << pool.length; mask++) {
    let tokens = 0;
    let count = 0;
    let value = 0;
    pool.forEach((c, i) => {
      if (mask & (1 << i)) {
        tokens += c.tokens;
        count++;
        value += rankWeight(c.rank);
      }
    });
    if (tokens <= maxTokens && count <= limit && value > best) best = value;
  }
  return best;
}

const window = fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 0, maxLength: 12 });
const budgetTokens = fc.integer({ min: 1, max: 2500 });
const limitOf = fc.integer({ min: 1, max: 14 });

describe('rankWeight', () => {
  it('discounts like DCG: 1 at rank 1, 0.5 at rank 3', () => {
    expect(rankWeight(1)).toBe(1);
    expect(rankWeight(3)).toBe(0.5);
    expect(rankWeight(2)).toBeGreaterThan(rankWeight(3));
  });
});

describe('packGreedy', () => {
  it('takes candidates in rank order, skips one that does not fit and continues', () => {
    const result = packGreedy(candidates([400, 700, 300, 2000]), 1000, 10);
    expect(result.kept).toEqual([
      { name: 't1', tokens: 400 },
      { name: 't3', tokens: 300 },
    ]);
    expect(result.dropped).toEqual([
      { name: 't2', reason: 'over-budget', tokens: 700 },
      { name: 't4', reason: 'larger-than-budget', tokens: 2000 },
    ]);
    expect(result.totalTokens).toBe(700);
  });

  it('stops at limit and drops the rest as over-limit', () => {
    const result = packGreedy(candidates([10, 10, 10, 10]), 1000, 2);
    expect(result.kept.map((k) => k.name)).toEqual(['t1', 't2']);
    expect(result.dropped.map((d) => d.reason)).toEqual(['over-limit', 'over-limit']);
  });

  it('measures no candidate once the limit is reached', () => {
    const measured: string[] = [];
    const result = packGreedyBy(candidates([10, 5000, 10, 10, 10]), 1000, 2, (c) => {
      measured.push(c.name);
      return c.tokens;
    });
    expect(measured).toEqual(['t1', 't2', 't3']);
    expect(result.dropped).toEqual([
      { name: 't2', reason: 'larger-than-budget', tokens: 5000 },
      { name: 't4', reason: 'over-limit' },
      { name: 't5', reason: 'over-limit' },
    ]);
  });
});

describe('packOptimal', () => {
  it('trades one large top tool for several smaller ones when they carry more relevance', () => {
    // Rank 1 alone: 1.0. Ranks 2 + 3 + 4: 0.63 + 0.5 + 0.43 = 1.56, and they fit together.
    const pool = candidates([900, 300, 300, 300]);
    const greedy = packGreedy(pool, 1000, 5);
    const optimal = packOptimal(pool, 1000, 5);
    expect(greedy.kept.map((k) => k.name)).toEqual(['t1']);
    expect(optimal.kept.map((k) => k.name)).toEqual(['t2', 't3', 't4']);
    expect(optimal.dropped).toEqual([{ name: 't1', reason: 'over-budget', tokens: 900 }]);
  });

  it('keeps the top tools when they fit, dropping the rest as over-limit', () => {
    const result = packOptimal(candidates([10, 20, 30, 40]), 1000, 2);
    expect(result.kept.map((k) => k.name)).toEqual(['t1', 't2']);
    expect(result.dropped.map((d) => d.reason)).toEqual(['over-limit', 'over-limit']);
  });

  it('drops a tool larger than the whole budget with that reason', () => {
    const result = packOptimal(candidates([5000, 10]), 1000, 5);
    expect(result.dropped).toEqual([{ name: 't1', reason: 'larger-than-budget', tokens: 5000 }]);
  });

  it('matches brute force on random windows (exact)', () => {
    fc.assert(
      fc.property(window, budgetTokens, limitOf, (tokens, maxTokens, limit) => {
        const pool = candidates(tokens);
        const result = packOptimal(pool, maxTokens, limit);
        expect(relevanceOf(result, pool)).toBeCloseTo(bruteForce(pool, maxTokens, limit), 9);
      }),
      { numRuns: 400 },
    );
  });

  it('rejects when aborted', () => {
    const controller = new AbortController();
    controller.abort();
    expect(() =>
      packOptimal(candidates([600, 500, 400, 300]), 1000, 5, controller.signal),
    ).toThrow();
  });
});

describe.each([
  ['greedy', packGreedy],
  ['optimal', packOptimal],
] as const)('%s packing properties', (_, pack) => {
  it('never exceeds the budget or the limit, and accounts for every candidate once', () => {
    fc.assert(
      fc.property(window, budgetTokens, limitOf, (tokens, maxTokens, limit) => {
        const pool = candidates(tokens);
        const result = pack(pool, maxTokens, limit);
        const total = result.kept.reduce((sum, k) => sum + k.tokens, 0);
        expect(total).toBe(result.totalTokens);
        expect(total).toBeLessThanOrEqual(maxTokens);
        expect(result.kept.length).toBeLessThanOrEqual(limit);
        const names = [...result.kept, ...result.dropped].map((e) => e.name).sort();
        expect(names).toEqual(pool.map((c) => c.name).sort());
        const ranks = result.kept.map((k) => Number(k.name.slice(1)));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        for (const d of result.dropped) {
          expect(d.reason === 'larger-than-budget').toBe(d.tokens! > maxTokens);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('optimal against greedy', () => {
  it('keeps at least as much rank-discounted relevance on every window', () => {
    fc.assert(
      fc.property(window, budgetTokens, limitOf, (tokens, maxTokens, limit) => {
        const pool = candidates(tokens);
        const greedy = relevanceOf(packGreedy(pool, maxTokens, limit), pool);
        const optimal = relevanceOf(packOptimal(pool, maxTokens, limit), pool);
        expect(optimal).toBeGreaterThanOrEqual(greedy - 1e-9);
      }),
      { numRuns: 400 },
    );
  });
});

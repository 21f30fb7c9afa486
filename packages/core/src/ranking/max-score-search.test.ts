import { describe, expect, it } from 'vitest';
import { maxScorePlace } from './max-score-place.js';
import {
  type BoundedQuery,
  createMaxScoreSearcher,
  maxScoreSearch,
  type ScoredPostings,
} from './max-score-search.js';

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random index of `docs` documents over `termCount` terms, term t in about 1 / (t + 1) of them. */
function randomIndex(next: () => number, docs: number, termCount: number): ScoredPostings {
  const offsets = new Int32Array(termCount + 1);
  const postingDocs: number[] = [];
  const weights: number[] = [];
  for (let t = 0; t < termCount; t++) {
    for (let d = 0; d < docs; d++) {
      if (next() < 1 / (t + 1)) {
        postingDocs.push(d);
        weights.push(0.05 + next());
      }
    }
    offsets[t + 1] = postingDocs.length;
  }
  return {
    offsets,
    docs: Int32Array.from(postingDocs),
    weights: Float64Array.from(weights),
    slotCount: docs,
  };
}

/** A query of `m` distinct terms, sorted by falling bound as `maxScoreSearch` requires. */
function randomQuery(next: () => number, index: ScoredPostings, m: number): BoundedQuery {
  const termCount = index.offsets.length - 1;
  const chosen = new Set<number>();
  while (chosen.size < Math.min(m, termCount)) chosen.add(Math.floor(next() * termCount));
  const rows = [...chosen].map((term) => {
    const weight = 0.1 + next();
    let max = 0;
    for (let p = index.offsets[term]!; p < index.offsets[term + 1]!; p++) {
      max = Math.max(max, index.weights[p]!);
    }
    return { term, weight, bound: weight * max };
  });
  rows.sort((a, b) => b.bound - a.bound);
  return {
    terms: Int32Array.from(rows, (row) => row.term),
    weights: Float64Array.from(rows, (row) => row.weight),
    bounds: Float64Array.from(rows, (row) => row.bound),
    length: rows.length,
  };
}

describe('maxScoreSearch', () => {
  it('returns exactly the exhaustive top k, with less work, over random indexes and queries', () => {
    const next = random(7);
    let pruned = 0;
    let exhaustive = 0;
    for (let round = 0; round < 40; round++) {
      const docs = 50 + Math.floor(next() * 400);
      const index = randomIndex(next, docs, 60);
      const names = Array.from({ length: docs }, (_, d) => `tool_${String(d).padStart(4, '0')}`);
      const searcher = createMaxScoreSearcher(names);
      const reference = createMaxScoreSearcher(names);
      for (let q = 0; q < 10; q++) {
        const query = randomQuery(next, index, 1 + Math.floor(next() * 12));
        const k = 1 + Math.floor(next() * 10);
        expect(maxScoreSearch(searcher, index, query, k)).toEqual(
          maxScoreSearch(reference, index, query, k, true),
        );
      }
      pruned += searcher.work;
      exhaustive += reference.work;
    }
    expect(pruned).toBeLessThan(exhaustive);
  });

  it('leaves the accumulator clean, so the next query is not affected by the last', () => {
    const next = random(11);
    const index = randomIndex(next, 200, 30);
    const names = Array.from({ length: 200 }, (_, d) => `t${d}`);
    const searcher = createMaxScoreSearcher(names);
    const first = randomQuery(next, index, 8);
    const second = randomQuery(next, index, 5);
    const alone = maxScoreSearch(createMaxScoreSearcher(names), index, second, 5);
    maxScoreSearch(searcher, index, first, 3);
    expect(maxScoreSearch(searcher, index, second, 5)).toEqual(alone);
    expect(searcher.accumulator.every((score) => score === 0)).toBe(true);
  });
});

describe('maxScorePlace', () => {
  it("gives the whole ranking's head, then the scope's tools below it at their ranks", () => {
    const next = random(5);
    let below = 0;
    for (let round = 0; round < 30; round++) {
      const docs = 30 + Math.floor(next() * 300);
      const index = randomIndex(next, docs, 40);
      // Few distinct weights, so scores tie and names decide.
      if (round % 2 === 0)
        index.weights.forEach((w, p) => {
          index.weights[p] = Math.ceil(w * 3);
        });
      const names = Array.from({ length: docs }, (_, d) => `tool_${String((d * 7919) % 10007)}`);
      const searcher = createMaxScoreSearcher(names);
      for (let q = 0; q < 6; q++) {
        const query = randomQuery(next, index, 1 + Math.floor(next() * 8));
        const whole = maxScoreSearch(createMaxScoreSearcher(names), index, query, docs, true);
        const head = Math.floor(next() * 12);
        const kept = new Set(names.filter(() => next() < 0.2));
        const only = q % 2 === 0 ? kept : { has: (name: string) => kept.has(name) };
        const slotOf = (name: string) => {
          const slot = names.indexOf(name);
          return slot === -1 ? undefined : slot;
        };
        const placed = maxScorePlace(searcher, index, query, head, only, slotOf);
        const expected = [
          ...whole.slice(0, head),
          ...whole.flatMap((entry, i) =>
            i >= head && kept.has(entry.name) ? [{ ...entry, rank: i + 1 }] : [],
          ),
        ];
        expect(placed).toEqual(expected);
        const few = Math.floor(next() * 4);
        const best = maxScorePlace(searcher, index, query, head, only, slotOf, few);
        expect(best).toEqual(expected.slice(0, Math.min(head, whole.length) + few));
        below += expected.length - Math.min(head, whole.length);
        expect(searcher.accumulator.every((score) => score === 0)).toBe(true);
      }
    }
    expect(below).toBeGreaterThan(100);
  });
});

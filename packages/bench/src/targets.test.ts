import { describe, expect, it } from 'vitest';
import type { RankerResult } from './ranker-bench.js';
import { checkTargets, ratios } from './targets.js';

const result = (ranker: string, size: number, p50Us: number, buildMs = 100): RankerResult => ({
  ranker,
  size,
  buildMs,
  heapBytes: 0,
  externalBytes: 0,
  coldQueryUs: 0,
  queries: 10,
  queriesAsked: 10,
  p50Us,
  p99Us: p50Us,
  meanUs: p50Us,
  qps: 1e6 / p50Us,
});

describe('targets', () => {
  it('checks the issue targets against a run', () => {
    const checks = checkTargets([
      result('bm25', 10_000, 30, 150),
      result('tfidf', 10_000, 75),
      result('orama-stock', 10_000, 60_000),
      result('orama', 10_000, 900),
      result('bm25', 100_000, 400),
    ]);
    const verdicts = Object.fromEntries(checks.map((check) => [check.target, check.pass]));
    expect(verdicts).toEqual({
      'bm25 query p50 ≤ 40 µs at 10,000 tools': true,
      'bm25 build < 200 ms at 10,000 tools': true,
      'bm25 query p50 ≤ 300 µs at 100,000 tools': false,
      'bm25 ≥ 1,000× faster than stock Orama at 10,000 tools (p50)': true,
      'tfidf query p50 within 2× of bm25 at 10,000 tools': false,
    });
  });

  it('reports ratios only where both rankers ran', () => {
    expect(
      ratios([
        result('bm25', 1000, 10),
        result('orama', 1000, 500),
        result('orama-stock', 1000, 5000),
        result('tfidf', 10, 1),
      ]),
    ).toEqual([
      { label: 'orama-stock p50 / bm25 p50 (bm25 speed-up)', size: 1000, value: 500 },
      { label: 'orama p50 / bm25 p50 (bm25 speed-up)', size: 1000, value: 50 },
    ]);
  });
});

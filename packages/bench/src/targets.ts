import type { RankerResult } from './ranker-bench.js';

/** A goal from the lexical-rankers issue, checked against one run. */
export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly pass: boolean;
}

/** A ratio between two rankers at one size, from the same run. */
export interface Ratio {
  readonly label: string;
  readonly size: number;
  readonly value: number;
}

const find = (results: readonly RankerResult[], ranker: string, size: number) =>
  results.find((result) => result.ranker === ranker && result.size === size);

const fmt = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** bm25 speed-up over orama and tfidf/bm25 query time at every size where both ran. */
export function ratios(results: readonly RankerResult[]): Ratio[] {
  const out: Ratio[] = [];
  const sizes = [...new Set(results.map((result) => result.size))].sort((a, b) => a - b);
  for (const size of sizes) {
    const bm25 = find(results, 'bm25', size);
    const tfidf = find(results, 'tfidf', size);
    for (const baseline of ['orama-stock', 'orama']) {
      const orama = find(results, baseline, size);
      if (bm25 && orama) {
        out.push({
          label: `${baseline} p50 / bm25 p50 (bm25 speed-up)`,
          size,
          value: orama.p50Us / bm25.p50Us,
        });
      }
    }
    if (bm25 && tfidf) {
      out.push({ label: 'tfidf p50 / bm25 p50', size, value: tfidf.p50Us / bm25.p50Us });
    }
  }
  return out;
}

/** The targets for bm25 (and tfidf relative to it), where the run measured them. */
export function checkTargets(results: readonly RankerResult[]): TargetCheck[] {
  const out: TargetCheck[] = [];
  const bm25At10k = find(results, 'bm25', 10_000);
  const bm25At100k = find(results, 'bm25', 100_000);
  const oramaAt10k = find(results, 'orama-stock', 10_000);
  if (bm25At10k) {
    out.push({
      target: 'bm25 query p50 ≤ 40 µs at 10,000 tools',
      measured: `${fmt(bm25At10k.p50Us)} µs`,
      pass: bm25At10k.p50Us <= 40,
    });
    out.push({
      target: 'bm25 build < 200 ms at 10,000 tools',
      measured: `${fmt(bm25At10k.buildMs)} ms`,
      pass: bm25At10k.buildMs < 200,
    });
  }
  if (bm25At100k) {
    out.push({
      target: 'bm25 query p50 ≤ 300 µs at 100,000 tools',
      measured: `${fmt(bm25At100k.p50Us)} µs`,
      pass: bm25At100k.p50Us <= 300,
    });
  }
  if (bm25At10k && oramaAt10k) {
    const speedUp = oramaAt10k.p50Us / bm25At10k.p50Us;
    out.push({
      target: 'bm25 ≥ 1,000× faster than stock Orama at 10,000 tools (p50)',
      measured: `${fmt(speedUp, 0)}×`,
      pass: speedUp >= 1000,
    });
  }
  for (const ratio of ratios(results)) {
    if (!ratio.label.startsWith('tfidf')) continue;
    out.push({
      target: `tfidf query p50 within 2× of bm25 at ${ratio.size.toLocaleString('en-US')} tools`,
      measured: `${fmt(ratio.value, 2)}×`,
      pass: ratio.value <= 2,
    });
  }
  return out;
}

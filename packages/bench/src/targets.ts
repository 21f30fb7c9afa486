import type { RankerResult } from './ranker-bench.js';
import type { VectorResult } from './vector-bench.js';

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

/** The issue's targets for bm25 (and tfidf relative to it), where the run measured them. */
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

/** The vector-search issue's targets, where the run measured them. */
export function checkVectorTargets(results: readonly VectorResult[]): TargetCheck[] {
  const out: TargetCheck[] = [];
  const semantic = (size: number) =>
    results.find((r) => r.kind === 'semantic' && r.dimensions === 1536 && r.size === size);
  for (const [size, limitMs] of [
    [10_000, 3],
    [100_000, 25],
  ] as const) {
    const row = semantic(size);
    if (row?.rankP50Us === undefined) continue;
    out.push({
      target: `semantic select p50 ≤ ${limitMs} ms at ${size.toLocaleString('en-US')} × 1,536`,
      measured: `${fmt(row.rankP50Us / 1000, 2)} ms (index search ${fmt(row.searchP50Us / 1000, 2)} ms, ${fmt(row.speedUp)}× the brute-force scan's ${fmt(row.bruteP50Us / 1000, 1)} ms)`,
      pass: row.rankP50Us <= limitMs * 1000,
    });
  }
  const metatool = results.find((r) => r.kind === 'intent metatool' && r.dimensions === 4096);
  if (metatool?.rankP50Us !== undefined) {
    out.push({
      target:
        'intent p50 ≤ 2 ms on MetaTool with the tuned settings (4,096 dimensions, 200 neighbours)',
      measured: `${fmt(metatool.rankP50Us / 1000, 2)} ms (index search ${fmt(metatool.searchP50Us / 1000, 2)} ms, ${fmt(metatool.speedUp)}× the brute-force scan's ${fmt(metatool.bruteP50Us / 1000, 1)} ms)`,
      pass: metatool.rankP50Us <= 2000,
    });
  }
  for (const row of results.filter(
    (r) => r.dimensions === 1536 && r.size === 10_000 && r.kind === 'semantic',
  )) {
    out.push({
      target:
        'vector index ≥ 10× faster than the brute-force scan at 10,000 × 1,536 (p50, same run)',
      measured: `${fmt(row.speedUp)}×`,
      pass: row.speedUp >= 10,
    });
  }
  if (results.length > 0) {
    const differing = results.filter((r) => !r.identical);
    out.push({
      target:
        "vector index returns the brute-force scan's neighbours and scores on every compared query",
      measured:
        differing.length === 0
          ? `all ${results.length} configurations`
          : `differs in ${differing.map((r) => `${r.kind} ${r.size}×${r.dimensions}`).join(', ')}`,
      pass: differing.length === 0,
    });
  }
  return out;
}

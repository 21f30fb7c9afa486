/**
 * Can `lexical()`'s fusion normalise each ranker's scores by the query alone, so a tool's fused
 * score depends on (query, tool) and not on which other tools made a ranking's head? Ranks every
 * query of the shared sets 1,000 deep once, then scores fusions on the same rankings: today's
 * z-score over each ranking's first 40, and query-only schemes: each score divided by the ranker's
 * best score for the query over the whole catalogue (`max`), tfidf's cosines as they are with bm25
 * and names over their best (`cosine`), and each of them with weights tuned by coordinate search.
 * nDCG@10 of the fused ranking (named tools first, unpacked), and the paired difference to today's.
 * Run: pnpm lab lab/lexical/query-norm.ts [set ...]
 */
import type { SourceRanking } from '@shortlist/core/kit';
import { bootstrapInterval, loadDataset, ndcgAt, pairedBootstrap } from '@shortlist/eval';
import { lexical, lexicalFusion } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';

const deep = 1000;
const head = 40;
const sets =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['bfcl', 'metatool', 'sealtools'];
const rankerIds = ['bigrams', 'bm25', 'exact', 'name', 'opening', 'pieces', 'tfidf'];
const R = rankerIds.length;
const shipped = lexicalFusion().config.weights as Record<string, number>;

/** One query: the tools in some ranking's first `head` (ascending name), each ranker's raw score and rank. */
interface Row {
  readonly names: readonly string[];
  readonly raw: Float64Array; // names.length × R, 0 when absent
  readonly rank: Int32Array; // names.length × R, 0 when absent (beyond `deep`)
  readonly top: Float64Array; // R: best score of each ranker (0 if empty)
  readonly zmin: Float64Array; // R: lowest head score
  readonly zsigma: Float64Array; // R: head population σ (0: no spread)
  readonly exact: readonly string[];
  readonly relevant: ReadonlySet<string>;
}

async function rowsOf(name: string): Promise<Row[]> {
  const dataset = await loadDataset(`${benchmarksDir}/${name}`);
  const picker = await lexical({ maxTokens: false }).index(dataset.tools);
  const rows: Row[] = [];
  for (const query of dataset.queries) {
    const sources: readonly SourceRanking[] = await picker.rankings(query.query, { limit: deep });
    const byId = new Map(sources.map((s) => [s.rankerId, s.ranking]));
    const union = new Set<string>();
    for (const id of rankerIds)
      for (const e of (byId.get(id) ?? []).slice(0, head)) union.add(e.name);
    const names = [...union].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const at = new Map(names.map((n, i) => [n, i]));
    const raw = new Float64Array(names.length * R);
    const rank = new Int32Array(names.length * R);
    const top = new Float64Array(R);
    const zmin = new Float64Array(R);
    const zsigma = new Float64Array(R);
    rankerIds.forEach((id, r) => {
      const ranking = byId.get(id) ?? [];
      top[r] = ranking[0]?.score ?? 0;
      ranking.forEach((e, i) => {
        const t = at.get(e.name);
        if (t !== undefined && rank[t * R + r] === 0) {
          raw[t * R + r] = e.score;
          rank[t * R + r] = i + 1;
        }
      });
      const scores = ranking.slice(0, head).map((e) => e.score);
      if (scores.length > 0) {
        const min = Math.min(...scores);
        const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
        const sigma = Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / scores.length);
        zmin[r] = min;
        zsigma[r] = Math.max(...scores) === min ? 0 : sigma;
      }
    });
    rows.push({
      names,
      raw,
      rank,
      top,
      zmin,
      zsigma,
      exact: (byId.get('exact') ?? []).map((e) => e.name),
      relevant: new Set(query.relevant),
    });
  }
  return rows;
}

type Scheme = 'zscore' | 'max' | 'cosine';
const cosineRankers = new Set(['tfidf', 'bigrams', 'pieces']);

/** Top 10 names of one query under a scheme and weights (named tools first, then fused, ties by name). */
function top10(row: Row, scheme: Scheme, weights: Float64Array): string[] {
  const n = row.names.length;
  const fused = new Float64Array(n);
  const inHead = new Uint8Array(n);
  const bestRank = new Int32Array(n).fill(1 << 30);
  for (let t = 0; t < n; t++) {
    for (let r = 0; r < R; r++) {
      const k = row.rank[t * R + r]!;
      if (k === 0) continue;
      if (k < bestRank[t]!) bestRank[t] = k;
      const s = row.raw[t * R + r]!;
      let v: number;
      if (scheme === 'zscore') {
        if (k > head) continue;
        inHead[t] = 1;
        v = row.zsigma[r] === 0 ? 1 : (s - row.zmin[r]!) / row.zsigma[r]!;
      } else if (scheme === 'cosine' && cosineRankers.has(rankerIds[r]!)) {
        v = s;
      } else {
        v = row.top[r]! > 0 ? s / row.top[r]! : 0;
      }
      fused[t]! += weights[r]! * v;
    }
  }
  if (scheme === 'zscore') {
    let lowest = Number.POSITIVE_INFINITY;
    for (let t = 0; t < n; t++) if (inHead[t] && fused[t]! < lowest) lowest = fused[t]!;
    for (let t = 0; t < n; t++) if (!inHead[t]) fused[t] = lowest - bestRank[t]!;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => fused[b]! - fused[a]! || a - b,
  );
  const out = [...row.exact];
  const named = new Set(out);
  for (const t of order) {
    if (out.length >= 10) break;
    if (!named.has(row.names[t]!)) out.push(row.names[t]!);
  }
  return out.slice(0, 10);
}

function ndcgs(rows: readonly Row[], scheme: Scheme, weights: Float64Array): Float64Array {
  return Float64Array.from(rows, (row) => ndcgAt(top10(row, scheme, weights), row.relevant, 10));
}

const meanOf = (v: Float64Array) => v.reduce((a, b) => a + b, 0) / v.length;
const pct = (v: number) => (v * 100).toFixed(2);
const signed = (v: number) => `${v >= 0 ? '+' : '−'}${pct(Math.abs(v))}`;
const weightsOf = (w: Record<string, number>) => Float64Array.from(rankerIds, (id) => w[id] ?? 1);

const started = Date.now();
const data: Record<string, Row[]> = {};
for (const name of sets) {
  data[name] = await rowsOf(name);
  console.error(
    `${name}: ${data[name]!.length} queries ranked (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}
const baseline = Object.fromEntries(
  sets.map((s) => [s, ndcgs(data[s]!, 'zscore', weightsOf(shipped))]),
);

function report(label: string, scheme: Scheme, weights: Float64Array): void {
  const cells = sets.map((s) => {
    const v = ndcgs(data[s]!, scheme, weights);
    const d = pairedBootstrap(v, baseline[s]!);
    const own = bootstrapInterval(v);
    return `${s} ${pct(meanOf(v))} (±${pct((own.high - own.low) / 2)}) Δ ${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}]`;
  });
  console.log(`| ${label} | ${cells.join(' | ')} |`);
}

/** Worst paired gain over today's across sets, each set's gain in its own half-width units. */
function worstGain(scheme: Scheme, weights: Float64Array, on: readonly string[] = sets): number {
  return Math.min(
    ...on.map((s) => meanOf(ndcgs(data[s]!, scheme, weights)) - meanOf(baseline[s]!)),
  );
}

/** Coordinate search from `start` on the worst-set gain, weights on a 0.05 grid (exact stays 0). */
function tune(scheme: Scheme, start: Float64Array, on: readonly string[] = sets): Float64Array {
  let best = Float64Array.from(start);
  let score = worstGain(scheme, best, on);
  for (let round = 0; round < 3; round++) {
    let moved = false;
    for (let r = 0; r < R; r++) {
      if (rankerIds[r] === 'exact') continue;
      for (const step of [-0.1, -0.05, 0.05, 0.1, 0.2, 0.5]) {
        const next = Float64Array.from(best);
        next[r] = Math.max(0, Math.round((next[r]! + step) * 100) / 100);
        const s = worstGain(scheme, next, on);
        if (s > score + 1e-6) {
          best = next;
          score = s;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  console.error(
    `${scheme} tuned: ${rankerIds.map((id, r) => `${id} ${best[r]}`).join(', ')} worst gain ${signed(score)}`,
  );
  return best;
}

const onlyLoo = process.env.ONLY_LOO === '1';
console.log(`| fusion | ${sets.join(' | ')} |`);
if (!onlyLoo) {
  report('today: z-score over the first 40', 'zscore', weightsOf(shipped));
  report('max (score ÷ best), today’s weights', 'max', weightsOf(shipped));
  report('cosine (tfidf raw, others ÷ best), today’s weights', 'cosine', weightsOf(shipped));
  const maxTuned = tune('max', weightsOf(shipped));
  report(
    `max tuned (${rankerIds.map((id, r) => `${id} ${maxTuned[r]}`).join(', ')})`,
    'max',
    maxTuned,
  );
  const cosineTuned = tune('cosine', weightsOf(shipped));
  report(
    `cosine tuned (${rankerIds.map((id, r) => `${id} ${cosineTuned[r]}`).join(', ')})`,
    'cosine',
    cosineTuned,
  );
}
// Leave one set out: weights tuned on the other sets, scored on the one left out.
if (sets.length > 2) {
  for (const [scheme, out] of sets.flatMap((out) =>
    (['max', 'zscore'] as const).map((m) => [m, out] as const),
  )) {
    const weights = tune(
      scheme,
      weightsOf(shipped),
      sets.filter((s) => s !== out),
    );
    const v = ndcgs(data[out]!, scheme, weights);
    const d = pairedBootstrap(v, baseline[out]!);
    console.log(
      `| ${scheme} tuned without ${out} (${rankerIds.map((id, r) => `${id} ${weights[r]}`).join(', ')}) | ${out} ${pct(meanOf(v))} Δ ${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}] |`,
    );
  }
}
console.error(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);

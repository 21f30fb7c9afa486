/**
 * Chooses the fusion of `lexical()` by leave-one-dataset-out selection over rankings dumped by
 * `dump-runs`: for each shared set, the candidate with the best worst-set nDCG@10 gain over the
 * best single ranker on fit samples of the other two, scored on all queries of the held-out set;
 * then the same rule on all three, beside the shipped `lexicalFusion()`.
 * Run: pnpm lab lab/lexical/dump-runs.ts && pnpm lab lab/lexical/select-fusion.ts [fitSample]
 */
import type { SourceRanking } from '@shortlist/core/kit';
import { ndcgAt, pairedBootstrap, sampleById } from '@shortlist/eval';
import { weighted } from '@shortlist/fusion';
import { lexicalFusion } from '@shortlist/lexical';
import {
  type Candidate,
  type DumpedSet,
  loadDumpedSet,
  mean,
  type Scores,
  scoreFusion,
  scoreRanker,
} from './dumped-runs.js';
import { folders } from './ranker-runs.js';

const fitSample = Number(process.argv[2] ?? 1500);
/** The single rankers a fusion is measured against (the best of them per set). */
const singles = ['bm25', 'tfidf'] as const;
const fused = ['bm25', 'tfidf', 'bigrams', 'pieces', 'name'] as const;
/** The dumped run fused as `pieces`: PIECES_RUN=pieces8 (or chars4, uncapped) tries another cap. */
const piecesRun = process.env.PIECES_RUN ?? 'pieces';
const use = {
  bm25: 'bm25',
  tfidf: 'tfidf',
  bigrams: 'bigrams',
  [piecesRun]: 'pieces',
  name: 'name',
};
/** Weight grid step: 1 / STEPS (10 gives 0.1). */
const steps = Number(process.env.STEPS ?? 10);
/** nDCG@10 of the plain-BM25 reference (benchmarks README); a fit set must reach it + 5. */
const reference: Record<string, number> = { bfcl: 0.581, metatool: 0.4044, sealtools: 0.873 };
const floorMargin = 0.05;

/** Every split of 1 into `fused` weights on the grid with two rankers or more, both normalisations. */
function grid(): Candidate[] {
  const splits: Record<string, number>[] = [];
  const spread = (i: number, left: number, weights: Record<string, number>): void => {
    if (i === fused.length - 1) {
      splits.push({ ...weights, [fused[i]!]: left / steps });
      return;
    }
    for (let a = 0; a <= left; a++) spread(i + 1, left - a, { ...weights, [fused[i]!]: a / steps });
  };
  spread(0, steps, {});
  const candidates: Candidate[] = [];
  for (const normalize of ['minmax', 'zscore'] as const) {
    for (const weights of splits) {
      if (Object.values(weights).filter((w) => w > 0).length >= 2) {
        candidates.push({ normalize, weights });
      }
    }
  }
  return candidates;
}

const label = ({ normalize, weights }: Candidate): string =>
  `${normalize === 'zscore' ? 'z-score' : 'min-max'} ${fused
    .filter((id) => (weights[id] ?? 0) > 0)
    .map((id) => `${id} ${weights[id]}`)
    .join(', ')}`;
const pct = (v: number) => (v * 100).toFixed(2);
const signed = (v: number) => `${v >= 0 ? '+' : '−'}${pct(Math.abs(v))}`;
const interval = (a: Float64Array, b: Float64Array) => {
  const d = pairedBootstrap(a, b);
  return `${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}]`;
};

interface Fold {
  readonly set: DumpedSet;
  readonly allRows: number[];
  readonly fitRows: number[];
  /** Mean fit-sample nDCG@10 per candidate, and of the best single ranker. */
  readonly fit: Float64Array;
  readonly bestSingleFit: number;
  readonly singlesAll: Record<string, Scores>;
}

const started = Date.now();
const candidates = grid();
const shipped: Candidate = lexicalFusion().config as Candidate;
candidates.push(shipped);
const shippedIndex = candidates.length - 1;
const sets: Fold[] = folders.map((name) => {
  const set = loadDumpedSet(name, use);
  const allRows = set.queries.map((_, i) => i);
  const picked = new Set(
    sampleById(set.queries, Math.min(fitSample, allRows.length), 11).map((q) => q.id),
  );
  const fitRows = allRows.filter((i) => picked.has(set.queries[i]!.id));
  const fit = Float64Array.from(candidates, (c) => mean(scoreFusion(set, c, fitRows).ndcg));
  const bestSingleFit = Math.max(...singles.map((id) => mean(scoreRanker(set, id, fitRows).ndcg)));
  const singlesAll = Object.fromEntries(singles.map((id) => [id, scoreRanker(set, id, allRows)]));
  return { set, allRows, fitRows, fit, bestSingleFit, singlesAll };
});
console.error(
  `scored ${candidates.length} candidates on ${sets.map((s) => `${s.fitRows.length} ${s.set.name}`).join(', ')} fit queries in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

/** Worst gain of candidate c over the best single ranker across the given sets' fit samples. */
const worstGain = (c: number, on: readonly Fold[]) =>
  Math.min(...on.map((s) => s.fit[c]! - s.bestSingleFit));

/** The rule: best worst-set gain among candidates at reference + 5 on every fit set (all, if none). */
function select(on: readonly Fold[]): number {
  const gridSize = candidates.length - 1;
  const allowed = (c: number) => on.every((s) => s.fit[c]! >= reference[s.set.name]! + floorMargin);
  const anyAllowed = Array.from({ length: gridSize }, (_, c) => c).some(allowed);
  let best = -1;
  let gain = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < gridSize; c++) {
    if (anyAllowed && !allowed(c)) continue;
    const worst = worstGain(c, on);
    if (worst > gain + 1e-12) {
      gain = worst;
      best = c;
    }
  }
  return best;
}

/**
 * Queries of a set on which the fast scorer's nDCG@10 differs from `weighted().doFuse` on the
 * same dumped rankings (0 means the selection scored exactly what the pipeline would rank).
 */
function disagreements(fold: Fold, candidate: Candidate, fast: Scores): number {
  const fusion = weighted({ normalize: candidate.normalize, weights: candidate.weights });
  const { set } = fold;
  let differ = 0;
  fold.allRows.forEach((row, j) => {
    const query = set.queries[row]!;
    const rankings: SourceRanking[] = set.rankerIds.map((rankerId, r) => ({
      rankerId,
      ranking: Array.from(query.own[r]!, (tool, i) => ({
        name: set.toolNames[tool]!,
        score: query.raw[r]![i]!,
      })),
    }));
    const top = fusion.doFuse(rankings, { limit: 10 }).map((entry) => entry.name);
    const relevant = new Set(
      query.relevant.map((tool) => set.toolNames[tool] ?? `missing ${tool}`),
    );
    if (Math.abs(ndcgAt(top, relevant, 10) - fast.ndcg[j]!) > 1e-12) differ++;
  });
  return differ;
}

let checked = 0;
let mismatched = 0;
const row = (fold: Fold, c: number, what: string) => {
  const scores = scoreFusion(fold.set, candidates[c]!, fold.allRows);
  checked += fold.allRows.length;
  mismatched += disagreements(fold, candidates[c]!, scores);
  return `| ${fold.set.name} | ${what} | ${pct(mean(scores.ndcg))} | ${singles
    .map((id) => interval(scores.ndcg, fold.singlesAll[id]!.ndcg))
    .join(' | ')} | ${pct(mean(scores.recall10))} | ${pct(mean(scores.complete5))} |`;
};
const header = `| set | fusion | nDCG@10 | − bm25 | − tfidf | recall@10 | complete@5 |
| --- | --- | --- | --- | --- | --- | --- |`;

console.log(
  `\n## Held-out folds (fit on ${fitSample}-query samples of the other two sets, scored on all queries)\n`,
);
console.log(header);
for (const held of sets) {
  const c = select(sets.filter((s) => s !== held));
  console.log(
    row(
      held,
      c,
      `${label(candidates[c]!)} (fit gain ${signed(
        worstGain(
          c,
          sets.filter((s) => s !== held),
        ),
      )})`,
    ),
  );
}
const chosen = select(sets);
console.log(
  `\n## Fit on all three: ${label(candidates[chosen]!)}, worst fit gain ${signed(worstGain(chosen, sets))}`,
);
console.log(
  `Shipped lexicalFusion(): ${label(shipped)}, worst fit gain ${signed(worstGain(shippedIndex, sets))}; rank ${
    1 +
    candidates.slice(0, -1).filter((_, c) => worstGain(c, sets) > worstGain(shippedIndex, sets))
      .length
  } of ${candidates.length - 1} by worst fit gain\n`,
);
console.log(header);
for (const fold of sets) console.log(row(fold, chosen, 'chosen'));
for (const fold of sets) console.log(row(fold, shippedIndex, 'shipped'));
/** Worst gain over the best single ranker on all queries (not held out: fit rows are among them). */
const worstAll = (c: number) =>
  Math.min(
    ...sets.map(
      (s) =>
        mean(scoreFusion(s.set, candidates[c]!, s.allRows).ndcg) -
        Math.max(...singles.map((id) => mean(s.singlesAll[id]!.ndcg))),
    ),
  );
console.log(
  `\nWorst gain over the best single ranker on all queries: chosen ${signed(worstAll(chosen))}, shipped ${signed(worstAll(shippedIndex))}`,
);
/** The best candidate (worst fit gain on all three) at each name weight. */
const byName = new Map<number, number>();
candidates.slice(0, -1).forEach((candidate, c) => {
  const name = candidate.weights.name ?? 0;
  const best = byName.get(name);
  if (best === undefined || worstGain(c, sets) > worstGain(best, sets) + 1e-12) byName.set(name, c);
});
console.log('\n## Best candidate at each name weight (worst fit gain on all three)\n');
for (const [name, c] of [...byName].sort((a, b) => a[0] - b[0])) {
  console.log(`- name ${name}: ${label(candidates[c]!)}, ${signed(worstGain(c, sets))}`);
}
console.log('\n## Singles on all queries (nDCG@10)\n');
for (const fold of sets) {
  console.log(
    `- ${fold.set.name}: ${singles.map((id) => `${id} ${pct(mean(fold.singlesAll[id]!.ndcg))}`).join(', ')}`,
  );
}
console.log(
  `\nFast scorer against weighted().doFuse on every query reported: ${mismatched} of ${checked} differ.`,
);
console.error(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);

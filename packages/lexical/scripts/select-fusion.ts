/**
 * Chooses the fusion of `lexical()` by leave-one-dataset-out selection: for each shared set,
 * pick the candidate with the best worst-set nDCG@10 gain over the best single ranker on the
 * other two sets, then score it on the held-out set. The default is the same rule on all three.
 * Run: pnpm --filter @shortlist/lexical select-fusion [fitSample]
 */
import { pairedBootstrap, sampleById } from '@shortlist/eval';
import { type ConfiguredFusion, weighted } from '@shortlist/fusion';
import { folders, mean, type Runs, rankerRuns, score } from './ranker-runs.js';

const fitSample = Number(process.argv[2] ?? 3000);
/** The single rankers every fusion must not fall below. */
const rankerIds = ['bm25', 'tfidf'] as const;
/** The rankers fused; FUSE=tfidf,bigrams,pieces fuses a subset (the others weigh 0). */
const fused = (process.env.FUSE ?? 'bm25,tfidf,bigrams,pieces,name').split(',');

/** Weight grid step: 1 / STEPS (10 gives 0.1). */
const steps = Number(process.env.STEPS ?? 10);
const splits: Record<string, number>[] = [];
const zero = { bm25: 0, tfidf: 0, bigrams: 0, pieces: 0, name: 0 };
const spread = (i: number, left: number, weights: Record<string, number>): void => {
  if (i === fused.length - 1) {
    splits.push({ ...weights, [fused[i]!]: left / steps });
    return;
  }
  for (let a = 0; a <= left; a++) spread(i + 1, left - a, { ...weights, [fused[i]!]: a / steps });
};
spread(0, steps, zero);
const candidates: ConfiguredFusion[] = [];
for (const weights of splits) {
  if (Object.values(weights).filter((w) => w > 0).length < 2) continue;
  // DBSF and RRF (k 10, 60) never came near the top of the earlier three-ranker grids.
  for (const normalize of ['minmax', 'zscore'] as const) {
    candidates.push(weighted({ normalize, weights }));
  }
}
const label = (fusion: ConfiguredFusion): string => JSON.stringify(fusion.config);

interface Folder {
  readonly runs: Runs;
  readonly fitRows: number[];
  readonly allRows: number[];
  /** nDCG@10 on the fit rows of each candidate, by index; and the best single ranker's. */
  fit: number[];
  bestSingleFit: number;
}

const loaded: Folder[] = [];
for (const name of folders) {
  const started = Date.now();
  const runs = await rankerRuns(name);
  const allRows = runs.dataset.queries.map((_, i) => i);
  const ids = new Set(
    sampleById(runs.dataset.queries, Math.min(fitSample, allRows.length), 11).map((q) => q.id),
  );
  const fitRows = allRows.filter((i) => ids.has(runs.dataset.queries[i]!.id));
  const singles = rankerIds.map((id) => mean(score(runs, id, fitRows).ndcg));
  console.error(
    `${name}: ${allRows.length} queries ranked in ${((Date.now() - started) / 1000).toFixed(0)} s; fit rows ${fitRows.length}; single rankers ${singles.map((v, i) => `${rankerIds[i]} ${(v * 100).toFixed(2)}`).join(', ')}`,
  );
  const fit = candidates.map((fusion) => mean(score(runs, fusion, fitRows).ndcg));
  loaded.push({ runs, fitRows, allRows, fit, bestSingleFit: Math.max(...singles) });
}

/** nDCG@10 of the plain-BM25 reference (benchmarks README); the default must reach it + 5. */
const reference: Record<string, number> = { bfcl: 0.581, metatool: 0.4044, sealtools: 0.873 };
const floorMargin = 0.05;

/**
 * Index of the candidate with the best worst-set gain over the best single ranker, among those
 * at least 5 points above the plain-BM25 reference on every fit set (all, if none is).
 */
function select(sets: readonly Folder[], floor = true): { index: number; gain: number } {
  let index = 0;
  let gain = Number.NEGATIVE_INFINITY;
  const allowed = candidates.map((_, c) =>
    sets.every((set) => set.fit[c]! >= reference[set.runs.name]! + floorMargin),
  );
  const constrained = floor && allowed.some(Boolean);
  candidates.forEach((_, c) => {
    if (constrained && !allowed[c]) return;
    const worst = Math.min(...sets.map((set) => set.fit[c]! - set.bestSingleFit));
    if (worst > gain + 1e-12) {
      gain = worst;
      index = c;
    }
  });
  return { index, gain };
}

const pct = (v: number) => (v * 100).toFixed(2);
const interval = (i: { mean: number; low: number; high: number }) =>
  `${i.mean >= 0 ? '+' : ''}${pct(i.mean)} [${pct(i.low)}, ${pct(i.high)}]`;

/** Held-out nDCG@10 of a fusion against each single ranker, paired, on all of a set's queries. */
function heldOut(folder: Folder, fusion: ConfiguredFusion): string {
  const fused = score(folder.runs, fusion, folder.allRows);
  const cells = rankerIds.map((id) => {
    const single = score(folder.runs, id, folder.allRows);
    return `${id} ${pct(mean(single.ndcg))}, Δ ${interval(pairedBootstrap(fused.ndcg, single.ndcg))}`;
  });
  return `nDCG@10 ${pct(mean(fused.ndcg))} (recall@10 ${pct(mean(fused.recall10))}, complete@5 ${pct(mean(fused.complete5))}); ${cells.join('; ')}`;
}

for (const floor of [true, false]) {
  const rule = floor ? 'with the floor (reference + 5 on every fit set)' : 'without the floor';
  console.log(`\n## Leave-one-dataset-out folds, ${rule}\n`);
  for (const held of loaded) {
    const fitSets = loaded.filter((set) => set !== held);
    const { index, gain } = select(fitSets, floor);
    console.log(
      `- held out **${held.runs.name}**: chose ${label(candidates[index]!)} (worst fit-set gain ${pct(gain)}); ${heldOut(held, candidates[index]!)}`,
    );
  }
  const { index, gain } = select(loaded, floor);
  console.log(
    `\n### Selected on all three sets, ${rule}: ${label(candidates[index]!)} (worst gain ${pct(gain)})\n`,
  );
  for (const folder of loaded) {
    console.log(`- ${folder.runs.name}: ${heldOut(folder, candidates[index]!)}`);
  }
}
const ranked = candidates
  .map((fusion, c) => ({
    fusion,
    worst: Math.min(...loaded.map((s) => s.fit[c]! - s.bestSingleFit)),
    c,
  }))
  .sort((a, b) => b.worst - a.worst)
  .slice(0, 25);
console.log(
  '\n## Top candidates on all three fit samples (nDCG@10 per set, worst gain over best single)\n',
);
for (const { fusion, worst, c } of ranked) {
  console.log(
    `| ${label(fusion)} | ${loaded.map((s) => pct(s.fit[c]!)).join(' | ')} | ${pct(worst)} |`,
  );
}

/**
 * Measures fixed fusions of bm25() and tfidf() on every benchmark folder to choose the lexical
 * pipeline's default. Candidates are compared on a selection half (MetaTool's train split; a
 * seeded half of the other folders) and the chosen one is reported on the held-out half and on
 * all queries, with paired 95% intervals against bm25 alone.
 * Run: pnpm lab lab/fusion/default-fusion.ts
 */

import { bootstrapInterval, pairedBootstrap, sampleById } from '@shortlist/eval';
import { type ConfiguredFusion, rrf, weighted } from '@shortlist/fusion';
import { percent } from '../ranking-scores.js';
import { type LexicalRuns, lexicalRuns, score } from './lexical-runs.js';

const folders = ['bfcl', 'metatool', 'sealtools'] as const;
// bm25's weight α (tfidf gets 1 − α) in steps of 0.05; RRF at k = 10, 20 and 60.
const alphas = Array.from({ length: 19 }, (_, i) => (i + 1) / 20);
const candidates: ConfiguredFusion[] = [rrf(), rrf({ k: 10 }), rrf({ k: 20 })];
for (const alpha of alphas) {
  const weights = { bm25: alpha, tfidf: Math.round((1 - alpha) * 100) / 100 };
  for (const k of [10, 20, 60]) candidates.push(rrf({ k, weights }));
  for (const normalize of ['minmax', 'zscore', 'dbsf'] as const) {
    candidates.push(weighted({ weights, normalize }));
  }
}
/** The default chosen before bm25 dropped stemming, reported for comparison. */
const previousDefault = rrf({ k: 60, weights: { bm25: 0.1, tfidf: 0.9 } });
const label = (fusion: ConfiguredFusion | string): string =>
  typeof fusion === 'string' ? `${fusion} alone` : JSON.stringify(fusion.config);

interface Folder {
  readonly name: string;
  readonly runs: LexicalRuns;
  readonly selection: number[];
  readonly heldOut: number[];
  readonly all: number[];
}

const loaded: Folder[] = [];
for (const name of folders) {
  const runs = await lexicalRuns(name);
  const rows = runs.queries.map((_, i) => i);
  let selectionIds: Set<string>;
  if (name === 'metatool') {
    selectionIds = new Set(runs.queries.filter((q) => q.split === 'train').map((q) => q.id));
  } else {
    selectionIds = new Set(
      sampleById(runs.queries, Math.floor(rows.length / 2), 7).map((q) => q.id),
    );
  }
  const selection = rows.filter((i) => selectionIds.has(runs.queries[i]!.id));
  const heldOut = rows.filter((i) => !selectionIds.has(runs.queries[i]!.id));
  loaded.push({ name, runs, selection, heldOut, all: rows });
  console.error(
    `${name}: ${runs.dataset.tools.length} tools, ${rows.length} queries (${selection.length} selection / ${heldOut.length} held out)`,
  );
}

const mean = (values: Float64Array): number =>
  values.reduce((sum, v) => sum + v, 0) / values.length;

// Selection: nDCG@10 minus bm25's on each folder's selection half; the default maximises the worst folder.
console.log('\n## Selection half: nDCG@10 (percent); margin = worst folder minus bm25');
console.log(`| fusion | ${folders.join(' | ')} | worst margin vs bm25 |`);
console.log(`|---|${folders.map(() => '---|').join('')}---|`);
const bm25Selection = loaded.map((f) => mean(score(f.runs, 'bm25', f.selection).ndcg));
const ranked: { fusion: ConfiguredFusion | string; values: number[]; margin: number }[] = [];
for (const fusion of ['bm25', 'tfidf', ...candidates] as const) {
  const values = loaded.map((f) => mean(score(f.runs, fusion, f.selection).ndcg));
  const margin = Math.min(...values.map((value, i) => value - bm25Selection[i]!));
  ranked.push({ fusion, values, margin });
}
// Best worst-folder margin first; the chosen default is the first fusion (not a lone ranker).
ranked.sort((a, b) => b.margin - a.margin);
for (const { fusion, values, margin } of ranked) {
  console.log(
    `| ${label(fusion)} | ${values.map((v) => (v * 100).toFixed(2)).join(' | ')} | ${(margin * 100).toFixed(2)} |`,
  );
}
const chosen = ranked.find((entry) => typeof entry.fusion !== 'string')!.fusion as ConfiguredFusion;
console.log(`\nchosen on the selection half: ${label(chosen)}`);

for (const [part, rowsOf] of [
  ['held-out half', (f: Folder) => f.heldOut],
  ['all queries', (f: Folder) => f.all],
] as const) {
  console.log(`\n## ${part}: nDCG@10 and hit@1, percent, mean [95% bootstrap interval]`);
  console.log('| folder | n | system | nDCG@10 | hit@1 |');
  console.log('|---|---|---|---|---|');
  for (const folder of loaded) {
    const rows = rowsOf(folder);
    const base = score(folder.runs, 'bm25', rows);
    const fused = score(folder.runs, chosen, rows);
    const uniform = score(folder.runs, rrf(), rows);
    const tf = score(folder.runs, 'tfidf', rows);
    const previous = score(folder.runs, previousDefault, rows);
    const line = (system: string, s: { ndcg: Float64Array; hit: Float64Array }) =>
      console.log(
        `| ${folder.name} | ${rows.length} | ${system} | ${percent(bootstrapInterval(s.ndcg))} | ${percent(bootstrapInterval(s.hit))} |`,
      );
    line('bm25 alone', base);
    line('tfidf alone', tf);
    line('uniform rrf', uniform);
    line('previous default', previous);
    line('default fusion', fused);
    console.log(
      `| ${folder.name} | ${rows.length} | default − bm25 (paired) | ${percent(pairedBootstrap(fused.ndcg, base.ndcg))} | ${percent(pairedBootstrap(fused.hit, base.hit))} |`,
    );
    console.log(
      `| ${folder.name} | ${rows.length} | default − tfidf (paired) | ${percent(pairedBootstrap(fused.ndcg, tf.ndcg))} | ${percent(pairedBootstrap(fused.hit, tf.hit))} |`,
    );
    console.log(
      `| ${folder.name} | ${rows.length} | default − previous default (paired) | ${percent(pairedBootstrap(fused.ndcg, previous.ndcg))} | ${percent(pairedBootstrap(fused.hit, previous.hit))} |`,
    );
  }
}

/**
 * Measures bm25's and tfidf's field weights: a grid over name, parameter names and parameter
 * descriptions, each ranker alone, nDCG@10 on a seeded sample of every shared set, ranked by the
 * worst set's gain over the ranker's current defaults. Titles and tags are absent from the sets.
 * Run: pnpm lab lab/lexical/field-weights.ts [sample]
 */
import { bm25 } from '@shortlist/bm25';
import { pipe, type RankerV1 } from '@shortlist/core';
import { type Dataset, loadDataset, ndcgAt, sampleById } from '@shortlist/eval';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';
import { folders } from './ranker-runs.js';

const sample = Number(process.argv[2] ?? 1000);
const sets: Dataset[] = [];
for (const name of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${name}`);
  sets.push({ ...dataset, queries: sampleById(dataset.queries, sample, 5) });
}

async function ndcg(ranker: RankerV1, dataset: Dataset): Promise<number> {
  const picker = await pipe(ranker).index(dataset.tools);
  let sum = 0;
  for (const query of dataset.queries) {
    const { picks } = await picker.select(query.query, { limit: 10 });
    sum += ndcgAt(
      picks.map((pick) => pick.name),
      new Set(query.relevant),
      10,
    );
  }
  picker.dispose();
  return sum / dataset.queries.length;
}

const grid: { name: number; parameterNames: number; parameterDescriptions: number }[] = [];
for (const name of [1, 2, 3]) {
  for (const parameterNames of [0.5, 1]) {
    for (const parameterDescriptions of [0.5, 1]) {
      grid.push({ name, parameterNames, parameterDescriptions });
    }
  }
}
const makers: Record<string, (weights?: (typeof grid)[number]) => RankerV1> = {
  bm25: (fieldWeights) => bm25(fieldWeights ? { fieldWeights } : {}),
  tfidf: (fieldWeights) => tfidf(fieldWeights ? { fieldWeights } : {}),
};
const pct = (v: number) => (v * 100).toFixed(2);
for (const [id, make] of Object.entries(makers)) {
  const base = await Promise.all(sets.map((set) => ndcg(make(), set)));
  const rows: { weights: string; values: number[]; worst: number }[] = [];
  for (const weights of grid) {
    const values: number[] = [];
    for (const set of sets) values.push(await ndcg(make(weights), set));
    const worst = Math.min(...values.map((v, i) => v - base[i]!));
    rows.push({ weights: JSON.stringify(weights), values, worst });
  }
  rows.sort((a, b) => b.worst - a.worst);
  console.log(`\n## ${id}: defaults ${base.map(pct).join(' / ')} (${folders.join(' / ')})\n`);
  console.log(`| field weights | ${folders.join(' | ')} | worst gain over defaults |`);
  console.log(`|---|${folders.map(() => '---|').join('')}---|`);
  for (const row of rows) {
    console.log(`| ${row.weights} | ${row.values.map(pct).join(' | ')} | ${pct(row.worst)} |`);
  }
}

/**
 * Where intent()'s select time goes on MetaTool with the tuned settings: doRank against its
 * parts (query embedding, index search, vote tally), p50 over test queries.
 * Usage: pnpm lab lab/intent-knn/profile-metatool.ts [--dimensions 4096] [--queries 500]
 * SHORTLIST_PROFILE=out.cpuprofile also writes a CPU profile of the doRank loop alone.
 */
import { createVectorIndex, embedMany, type Neighbour, toolText } from '@shortlist/core/kit';
import { loadDataset } from '@shortlist/eval';
import { intent } from '@shortlist/intent-knn';
import { lexicalEmbedder } from '@shortlist/tfidf';
import { tallyVotes } from '../../packages/intent-knn/src/tally-votes.js';
import { benchmarksDir } from '../benchmarks.mjs';

const dir = `${benchmarksDir}/metatool`;
const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const dimensions = argument('dimensions', 4096);
const queryCount = argument('queries', 500);

const now = () => Number(process.hrtime.bigint()) / 1000;
const p50 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
async function time(label: string, items: readonly string[], run: (i: number) => unknown) {
  for (let i = 0; i < Math.min(50, items.length); i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const start = now();
    await run(i);
    samples.push(now() - start);
  }
  console.log(`${label.padEnd(28)} p50 ${(p50(samples) / 1000).toFixed(3)} ms`);
}

const dataset = await loadDataset(dir);
const train = dataset.queries.filter((q) => q.split === 'train');
const test = dataset.queries
  .filter((q) => q.split === 'test')
  .map((q) => q.query)
  .slice(0, queryCount);
const examples = train.flatMap((q) => q.relevant.map((tool) => ({ query: q.query, tool })));
const embedder = lexicalEmbedder({
  corpus: [...dataset.tools.map((t) => t.description ?? ''), ...train.map((q) => q.query)],
  dimensions,
});
const settings = { toolText: true, countExponent: 0.25, neighbours: 200, exponent: 4 };
const index = await intent({ examples, embedder, ...settings }).doIndex(dataset.tools);

const rows = [
  ...(await embedMany(
    embedder,
    examples.map((e) => e.query),
    { inputType: 'query' },
  )),
  ...(await embedMany(embedder, dataset.tools.map(toolText), { inputType: 'document' })),
];
const keys = [...examples.map((e) => e.tool), ...dataset.tools.map((t) => t.name)];
const vectors = createVectorIndex(dimensions, rows.length);
rows.forEach((row, i) => {
  vectors.add(keys[i]!, row);
});
const queryVectors = await embedMany(embedder, test, { inputType: 'query' });
const counts = new Map<string, number>();
for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
const nearest: Neighbour[][] = queryVectors.map((q) => vectors.search(q, 200));

let nonZeros = 0;
for (const row of queryVectors) nonZeros += row.filter((v) => v !== 0).length;
console.log(
  `${rows.length} rows × ${dimensions}; ${test.length} queries, ${(nonZeros / test.length).toFixed(0)} non-zeros a query; load ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await time('doRank (limit 40)', test, (i) => index.doRank(test[i]!, { limit: 40 }));
if (process.env.SHORTLIST_PROFILE) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  for (let round = 0; round < 5; round++) {
    for (const query of test) await index.doRank(query, { limit: 40 });
  }
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.SHORTLIST_PROFILE, JSON.stringify(profile));
  session.disconnect();
}
await time('embed query', test, (i) => embedder.doEmbed([test[i]!]));
await time('index search k 200', test, (i) => vectors.search(queryVectors[i]!, 200));
await time('tally votes', test, (i) =>
  tallyVotes(nearest[i]!, { minScore: 0, exponent: 4, countExponent: 0.25, exampleCounts: counts }),
);

// Dump for offline experiments: SHORTLIST_DUMP=/path writes rows, keys and query vectors.
if (process.env.SHORTLIST_DUMP) {
  const { writeFileSync } = await import('node:fs');
  const matrix = new Float32Array(rows.length * dimensions);
  rows.forEach((row, i) => {
    matrix.set(row, i * dimensions);
  });
  const queries = new Float32Array(queryVectors.length * dimensions);
  queryVectors.forEach((row, i) => {
    queries.set(row, i * dimensions);
  });
  writeFileSync(`${process.env.SHORTLIST_DUMP}.rows`, matrix);
  writeFileSync(`${process.env.SHORTLIST_DUMP}.queries`, queries);
  writeFileSync(`${process.env.SHORTLIST_DUMP}.keys.json`, JSON.stringify(keys));
}

// Per-ranker select cost of lexical()'s rankers at N synthetic tools (@shortlist/bench, seed 1):
// p50 and mean of doRank at the depth the fusion asks (40), against bm25's. `node lab/ranker-speed.mjs 10000`.
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { toTools } from '@shortlist/core';
import { capQuery } from '@shortlist/core/kit';
import { lexicalRankers } from '@shortlist/lexical';

const size = Number(process.argv[2] ?? 10000);
const depth = Number(process.argv[3] ?? 40);
const tools = toTools(generateCatalogue({ size, seed: 1 }));
const queries = generateQueries(tools, { count: 1000, seed: 3 }).map(
  (q) => capQuery(q.query).query,
);
const rankers = lexicalRankers();
const rows = [];
for (const ranker of rankers) {
  globalThis.gc?.();
  const t = performance.now();
  const index = await ranker.doIndex(tools);
  const build = performance.now() - t;
  for (const q of queries.slice(0, 200)) await index.doRank(q, { limit: depth });
  const times = [];
  for (let round = 0; round < 3; round++)
    for (const q of queries) {
      const s = performance.now();
      await index.doRank(q, { limit: depth });
      times.push(performance.now() - s);
    }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  rows.push([
    ranker.id,
    build,
    times[times.length >> 1],
    mean,
    times[Math.floor(times.length * 0.99)],
  ]);
}
console.log(`${size} tools, depth ${depth}`);
console.log('| ranker | build ms | select p50 ms | mean ms | p99 ms |');
for (const [id, b, p50, mean, p99] of rows)
  console.log(
    `| ${id} | ${b.toFixed(0)} | ${p50.toFixed(3)} | ${mean.toFixed(3)} | ${p99.toFixed(3)} |`,
  );

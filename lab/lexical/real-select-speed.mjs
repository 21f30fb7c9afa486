// Select p50/p99 of `lexical()` (packed, as shipped) on each shared benchmark's own catalogue:
// its first 600 queries, 3 times after 100 warm-ups, one at a time. Run it on two builds to
// compare a change to the select path on real tool texts, where the synthetic catalogue of
// `lexical-speed.mjs` can hide it. Usage: node lab/lexical/real-select-speed.mjs
import { join } from 'node:path';
import { loadDataset } from '@shortlist/eval';
import { lexical } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';

const QUERIES = 600;
const ROUNDS = 3;
const rows = [];
for (const name of ['bfcl', 'metatool', 'sealtools']) {
  const dataset = await loadDataset(join(benchmarksDir, name));
  const queries = dataset.queries.slice(0, QUERIES).map((query) => query.query);
  const picker = await lexical().index(dataset.tools);
  for (const query of queries.slice(0, 100)) await picker.select(query, { limit: 5 });
  const times = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      const started = performance.now();
      await picker.select(query, { limit: 5 });
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
  rows.push(`| ${name} | ${dataset.tools.length} | ${at(0.5)} | ${at(0.99)} |`);
  picker.dispose();
}
console.log(
  `lexical() packed, limit 5, ${ROUNDS}×${QUERIES} selects per set; Node ${process.version}\n`,
);
console.log('| set | tools | p50 ms | p99 ms |\n|---|---|---|---|');
console.log(rows.join('\n'));

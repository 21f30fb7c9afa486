// Precomputes lexical() fused rankings (depth 60) for every query of a set, for fast learning experiments.
import { readFileSync, writeFileSync } from 'node:fs';
import { lexical } from '../../packages/lexical/dist/index.js';
import { benchmarksDir } from '../benchmarks.mjs';

const set = process.argv[2] ?? 'metatool';
const dir = `${benchmarksDir}/${set}`;
const tools = readFileSync(`${dir}/tools.jsonl`, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const queries = readFileSync(`${dir}/queries.jsonl`, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const picker = await lexical({ maxTokens: false }).index(
  tools.map((t) => ({ name: t.id, description: t.description, inputSchema: t.parameters })),
);
const out = [];
const t0 = performance.now();
for (const q of queries) {
  const s = await picker.select(q.query, { limit: 30 });
  out.push({
    id: q.id,
    query: q.query,
    relevant: q.relevant,
    split: q.split,
    lex: s.picks.map((p) => [p.name, +p.score.toFixed(4)]),
  });
}
console.log(
  set,
  queries.length,
  'queries',
  ((performance.now() - t0) / queries.length).toFixed(2),
  'ms/query',
);
writeFileSync(
  `/tmp/lex-${set}.json`,
  JSON.stringify({ tools: tools.map((t) => t.id), queries: out }),
);

// Where a learning select's time goes: MetaTool, 10,000 train requests learned, 3×2,000 test
// requests selected (limit 5, unpacked); `plain` learns nothing. Prints p50 and mean per select;
// run under `node --cpu-prof` to profile (`pnpm bench:learning` is the comparison to quote).
//   pnpm lab lab/learning/select-profile.mjs [plain]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryExampleStore } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';

const read = (file) =>
  readFileSync(join(benchmarksDir, 'metatool', file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
const tools = read('tools.jsonl').map((t) => ({ name: t.id, description: t.description }));
const queries = read('queries.jsonl');
const taught = queries
  .filter((q) => q.split === 'train')
  .slice(0, 10_000)
  .map((q) => ({ query: q.query, tool: q.relevant[0] }));
const asked = queries.filter((q) => q.split === 'test').slice(0, 2000);
const plain = process.argv.includes('plain');
const picker = await lexical({ maxTokens: false, examples: memoryExampleStore() }).index(tools);
if (!plain) await picker.learn(taught);
const times = [];
for (let round = 0; round < 3; round++)
  for (const { query } of asked) {
    const started = performance.now();
    await picker.select(query, { limit: 5 });
    times.push(performance.now() - started);
  }
times.sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
console.log(
  `${plain ? 'plain' : 'learning'}: p50 ${times[times.length >> 1].toFixed(3)} ms, mean ${mean.toFixed(3)} ms a select`,
);

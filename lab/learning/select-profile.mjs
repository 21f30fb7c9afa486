// Where a learning select's time goes: MetaTool, 10,000 train requests learned, 3×2,000 test
// requests selected (limit 5, unpacked). Run under `node --cpu-prof` to profile.
//   node --import tsx lab/learning/select-profile.mjs [plain]
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
const started = performance.now();
for (let round = 0; round < 3; round++)
  for (const { query } of asked) await picker.select(query, { limit: 5 });
console.log(`${plain ? 'plain' : 'learning'}: ${((performance.now() - started) / 6000).toFixed(3)} ms a select`);

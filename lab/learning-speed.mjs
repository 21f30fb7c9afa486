// Speed of learning: select with 10,000 learned examples against lexical() alone on the same
// catalogue, and learn() of one example. Prints figures and ratios; run `pnpm bench:learning`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { memoryExampleStore } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import { benchmarksDir } from './benchmarks.mjs';

const EXAMPLES = 10_000;
const ROUNDS = 3;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const benchmarks = benchmarksDir;
const readJsonl = (path) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

/** Synthetic catalogue of `size` tools; learned and asked requests drawn like users' words. */
function synthetic(size) {
  const tools = generateCatalogue({ size, seed: 1 });
  const taught = generateQueries(tools, { count: EXAMPLES, seed: 2 }).map((q) => ({
    query: q.query,
    tool: q.target,
  }));
  const asked = generateQueries(tools, { count: 2000, seed: 3 }).map((q) => q.query);
  return { label: size.toLocaleString('en'), tools, taught, asked };
}

/** MetaTool: its 199 tools, the first 10,000 train requests learned, the test requests asked. */
function metatool() {
  const dir = join(benchmarks, 'metatool');
  if (!existsSync(dir)) return undefined;
  const tools = readJsonl(join(dir, 'tools.jsonl')).map((t) => ({
    name: t.id,
    description: t.description,
  }));
  const queries = readJsonl(join(dir, 'queries.jsonl'));
  const taught = queries
    .filter((q) => q.split === 'train')
    .slice(0, EXAMPLES)
    .map((q) => ({ query: q.query, tool: q.relevant[0] }));
  const asked = queries
    .filter((q) => q.split === 'test')
    .slice(0, 2000)
    .map((q) => q.query);
  return { label: 'metatool (199)', tools, taught, asked };
}

async function measure({ label, tools, taught, asked }) {
  const plain = await lexical({ maxTokens: false }).index(tools);
  const learning = await lexical({ maxTokens: false, examples: memoryExampleStore() }).index(tools);
  await learning.learn(taught);

  const times = { plain: [], learning: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of asked) {
      // Interleaved, so both see the same machine state.
      let t = performance.now();
      await plain.select(query, { limit: 5 });
      times.plain.push(performance.now() - t);
      t = performance.now();
      await learning.select(query, { limit: 5 });
      times.learning.push(performance.now() - t);
    }
  }
  const learnTimes = [];
  for (let i = 0; i < 2000; i++) {
    const example = {
      query: `${asked[i % asked.length]} again ${i}`,
      tool: tools[i % tools.length].name,
    };
    const t = performance.now();
    await learning.learn([example]);
    learnTimes.push(performance.now() - t);
  }
  for (const list of [times.plain, times.learning, learnTimes]) list.sort((a, b) => a - b);
  return {
    label,
    plainP50: quantile(times.plain, 0.5),
    plainP99: quantile(times.plain, 0.99),
    learningP50: quantile(times.learning, 0.5),
    learningP99: quantile(times.learning, 0.99),
    learnP50: quantile(learnTimes, 0.5),
    learnP99: quantile(learnTimes, 0.99),
  };
}

const ms = (value) => value.toFixed(3);
console.log(
  `learning speed: ${EXAMPLES.toLocaleString('en')} learned examples, limit 5, unpacked, ${ROUNDS}×2,000 selects interleaved; Node ${process.version}\n`,
);
console.log(
  '| tools | lexical() p50 ms | learning p50 ms | ratio p50 | lexical() p99 ms | learning p99 ms | learn() p50 ms | learn() p99 ms |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const set of [metatool(), synthetic(200), synthetic(1000), synthetic(10000)].filter(Boolean)) {
  const r = await measure(set);
  console.log(
    `| ${r.label} | ${ms(r.plainP50)} | ${ms(r.learningP50)} | ${(r.learningP50 / r.plainP50).toFixed(2)}× | ${ms(r.plainP99)} | ${ms(r.learningP99)} | ${ms(r.learnP50)} | ${ms(r.learnP99)} |`,
  );
}

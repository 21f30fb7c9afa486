// Poisoned feedback (issue 37): can one source make an unrelated tool everyone's first pick?
// MetaTool: honest users (sources user-0..user-99) stream 1,000 train requests, each selected then
// taught the tool that served it; then one attacker source runs N crafted conversations (a request
// like other users', the unrelated target called); then honest users ask 600 unseen test
// requests. Prints, per N, how often the target comes first and everyone's hit@1, with sources
// named and with none (everyone one anonymous source, as before sources existed).
// Run: pnpm lab lab/learning/poisoning.mjs [N ...]   (default 0 100 300 1000 3000)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryExampleStore } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';

const readJsonl = (path) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
const dir = join(benchmarksDir, 'metatool');
const tools = readJsonl(join(dir, 'tools.jsonl')).map((t) => ({
  name: t.id,
  description: t.description,
}));
const queries = readJsonl(join(dir, 'queries.jsonl'));
const train = queries.filter((q) => q.split === 'train');
const test = queries.filter((q) => q.split === 'test').slice(0, 600);
// The target: the tool fewest requests are about, so its being first is the attack, not a fit.
const uses = new Map(tools.map((tool) => [tool.name, 0]));
for (const q of queries) for (const name of q.relevant) uses.set(name, (uses.get(name) ?? 0) + 1);
const target = [...uses].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0][0];

let seed = 7;
const random = () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

async function run(attacks, named) {
  seed = 7;
  const picker = await lexical({
    maxTokens: false,
    examples: memoryExampleStore({ maxExamples: 100_000 }),
  }).index(tools);
  const source = (who) => (named ? { source: who } : {});
  const user = () => `user-${Math.floor(random() * 100)}`;
  for (const q of train.slice(0, 1000)) {
    const who = user();
    await picker.select(q.query, { limit: 5, ...source(who) });
    await picker.learn([{ query: q.query, tool: q.relevant[0], ...source(who) }]);
  }
  const crafted = train.slice(1000);
  for (let i = 0; i < attacks; i++) {
    const request = crafted[i % crafted.length].query;
    await picker.select(request, { limit: 5, ...source('attacker') });
    await picker.learn([{ query: request, tool: target, ...source('attacker') }]);
  }
  let first = 0;
  let hits = 0;
  for (const q of test) {
    const { picks } = await picker.select(q.query, { limit: 5, ...source(user()) });
    if (picks[0]?.name === target && !q.relevant.includes(target)) first++;
    if (picks[0] && q.relevant.includes(picks[0].name)) hits++;
  }
  return { first: (100 * first) / test.length, hit1: (100 * hits) / test.length };
}

const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n >= 0);
console.log(`target: ${target} (${uses.get(target)} of ${queries.length} requests are about it)\n`);
console.log(
  "| crafted conversations | sources | target first (% of others' requests) | everyone's hit@1 |",
);
console.log('| ---: | --- | ---: | ---: |');
for (const n of counts.length > 0 ? counts : [0, 100, 300, 1000, 3000]) {
  for (const named of [false, true]) {
    const { first, hit1 } = await run(n, named);
    console.log(
      `| ${n.toLocaleString('en')} | ${named ? 'named' : 'none'} | ${first.toFixed(1)} | ${hit1.toFixed(1)} |`,
    );
  }
}

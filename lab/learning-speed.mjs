// Speed of learning: select with 10,000 learned examples against lexical() alone on the same
// catalogue, and learn() of one example. Prints figures and ratios; run `pnpm bench:learning`.
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { memoryExampleStore } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';

const EXAMPLES = 10_000;
const ROUNDS = 3;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(size) {
  const tools = generateCatalogue({ size, seed: 1 });
  // Learned requests: synthetic queries in words drawn like users' (seed 2), each naming its target.
  const taught = generateQueries(tools, { count: EXAMPLES, seed: 2 }).map((q) => ({ query: q.query, tool: q.target }));
  const asked = generateQueries(tools, { count: 2000, seed: 3 }).map((q) => q.query);
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
    const example = { query: `${asked[i % asked.length]} again ${i}`, tool: tools[i % tools.length].name };
    const t = performance.now();
    await learning.learn([example]);
    learnTimes.push(performance.now() - t);
  }
  for (const list of [times.plain, times.learning, learnTimes]) list.sort((a, b) => a - b);
  return {
    size,
    plainP50: quantile(times.plain, 0.5),
    plainP99: quantile(times.plain, 0.99),
    learningP50: quantile(times.learning, 0.5),
    learningP99: quantile(times.learning, 0.99),
    learnP50: quantile(learnTimes, 0.5),
    learnP99: quantile(learnTimes, 0.99),
  };
}

const ms = (value) => value.toFixed(3);
console.log(`learning speed: ${EXAMPLES.toLocaleString('en')} learned examples, limit 5, unpacked, ${ROUNDS}×2,000 selects interleaved; Node ${process.version}\n`);
console.log('| tools | lexical() p50 ms | learning p50 ms | ratio p50 | lexical() p99 ms | learning p99 ms | learn() p50 ms | learn() p99 ms |');
console.log('|---|---|---|---|---|---|---|---|');
for (const size of [200, 1000, 10000]) {
  const r = await measure(size);
  console.log(`| ${size.toLocaleString('en')} | ${ms(r.plainP50)} | ${ms(r.learningP50)} | ${(r.learningP50 / r.plainP50).toFixed(2)}× | ${ms(r.plainP99)} | ${ms(r.learningP99)} | ${ms(r.learnP50)} | ${ms(r.learnP99)} |`);
}

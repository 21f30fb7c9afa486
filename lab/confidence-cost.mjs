// What lexical()'s confidence costs a select: the same rankers, fusion, word rule and budget with
// `doConfidence` and its bar (`lexical({ examples: false })`) and without them, on synthetic tools
// (@shortlist/bench, seed 1), limit 5, selects interleaved so all see the same machine; lexical()
// as shipped (which also runs its learning stage) is printed beside them. Prints p50 / p99 and the
// p50 ratio to the first row. Run `pnpm lab lab/confidence-cost.mjs [sizes]` from the repository
// root (default 10,000 tools).
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { budget } from '@shortlist/budget';
import { pipe } from '@shortlist/core';
import { lexical, lexicalFusion, lexicalRankers, withAbstention } from '@shortlist/lexical';

const QUERIES = 1000;
const ROUNDS = 3;
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** lexical({ examples: false }) without the confidence: the same rankers, fusion, rule and budget. */
function withoutConfidence() {
  const { doConfidence, abstainBelow, ...fusion } = withAbstention(lexicalFusion());
  return pipe(...lexicalRankers())
    .fuse(fusion)
    .pack(budget(4000, { model: 'gpt-4o' }));
}

console.log(
  `lexical({ examples: false }) with and without its confidence, and lexical(): synthetic tools (@shortlist/bench, seed 1), limit 5, ${ROUNDS}×${QUERIES} selects interleaved; Node ${process.version}\n`,
);
console.log('| tools | pipeline | p50 ms | p99 ms | p50 ratio |');
console.log('|---|---|---|---|---|');
for (const size of sizes.length ? sizes : [10_000]) {
  const tools = generateCatalogue({ size, seed: 1 });
  const asked = generateQueries(tools, { count: QUERIES, seed: 3 }).map((q) => q.query);
  const pickers = {
    before: await withoutConfidence().index(tools),
    'lexical()': await lexical().index(tools),
    nolearn: await lexical({ examples: false }).index(tools),
  };
  const times = { before: [], 'lexical()': [], nolearn: [] };
  for (const query of asked.slice(0, 100))
    for (const picker of Object.values(pickers)) await picker.select(query, { limit: 5 });
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of asked) {
      for (const [name, picker] of Object.entries(pickers)) {
        const t = performance.now();
        await picker.select(query, { limit: 5 });
        times[name].push(performance.now() - t);
      }
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const base = quantile(times.before, 0.5);
  for (const [name, label] of [
    ['before', 'lexical({ examples: false }) without the confidence'],
    ['nolearn', 'lexical({ examples: false }) with it'],
    ['lexical()', 'lexical() as shipped (with it, and learning)'],
  ]) {
    const list = times[name];
    console.log(
      `| ${size.toLocaleString('en')} | ${label} | ${quantile(list, 0.5).toFixed(3)} | ${quantile(list, 0.99).toFixed(3)} | ${(quantile(list, 0.5) / base).toFixed(2)}× |`,
    );
  }
  for (const picker of Object.values(pickers)) picker.dispose();
}

import type { Picker, SelectOptions } from '@shortlist/core';
import {
  benchmarkQueries,
  catalogue,
  commonWords,
  manyWords,
  megabyteOfWords,
} from './latency-catalogue.js';
import { shippedPipelines, taughtExamples } from './latency-pipelines.js';

// select() latency at 10,000 tools for every shipped pipeline, under hostile queries and options.
// `--only <pipeline label>` times one pipeline; `--reps n` repeats each hostile input n times.
const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const only = flag('--only');
const reps = Number(flag('--reps') ?? 10);

const huge = { limit: 1e9, overFetch: 1e6 };
const inputs: [string, string, SelectOptions][] = [
  ['benchmark queries', '', { limit: 5 }],
  ['limit 1e9', '', { limit: 1e9 }],
  ['overFetch 1e6', '', { limit: 5, overFetch: 1e6 }],
  ['256 common words', commonWords, { limit: 5 }],
  ['256 common words, limit 1e9, overFetch 1e6', commonWords, huge],
  ['160,000-letter query', 'q'.repeat(160_000), { limit: 5 }],
  ['30,000 CJK characters', '的一是不了人我在有他这'.repeat(2_728), { limit: 5 }],
  ['10,000 words', manyWords(10_000), { limit: 5 }],
  ['100,000 words, limit 1e9, overFetch 1e6', manyWords(100_000), huge],
  ['1 MB of common words', megabyteOfWords, { limit: 5 }],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(
  picker: Picker<unknown>,
  query: string,
  options: SelectOptions,
): Promise<number[]> {
  const times: number[] = [];
  for (const q of query === '' ? benchmarkQueries : Array.from({ length: reps }, () => query)) {
    const start = performance.now();
    await picker.select(q, options);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

console.log(`catalogue: ${catalogue.length} tools (6,999 benchmark + hostile ones)`);
console.log(`each hostile input ${reps} times, each benchmark query once; milliseconds\n`);
console.log('| pipeline | input | p50 | p99 | max | first pass max |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
let worst = { ms: 0, where: '' };
for (const [label, make] of Object.entries(shippedPipelines())) {
  if (only !== undefined && label !== only) continue;
  const picker = await make().index(catalogue);
  if (picker.learns) await picker.learn(taughtExamples);
  for (const [input, query, options] of inputs) {
    // The first pass warms lazy work (budget measures tools' tokens on first use); the second is timed.
    const cold = await measure(picker, query, options);
    const times = await measure(picker, query, options);
    if (times.at(-1)! > worst.ms) worst = { ms: times.at(-1)!, where: `${label}, ${input}` };
    console.log(
      `| ${label} | ${input} | ${percentile(times, 0.5).toFixed(2)} | ${percentile(times, 0.99).toFixed(2)} | ${times.at(-1)!.toFixed(2)} | ${cold.at(-1)!.toFixed(1)} |`,
    );
  }
  picker.dispose();
}
console.log(
  `\nslowest select after the first pass: ${worst.ms.toFixed(1)} ms (${worst.where}; target ≤ 50 ms)`,
);

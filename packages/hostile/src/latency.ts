import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { type Picker, pipe, type SelectOptions } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';

// select() latency at 10,000 tools: the benchmark catalogue plus hostile tools, under hostile
// queries and options, against the same queries on the benchmark catalogue alone (the baseline).
const root =
  process.env.SHORTLIST_BENCHMARKS ??
  fileURLToPath(new URL('../../../../shared/benchmarks/', import.meta.url));
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const folders = ['bfcl', 'metatool', 'sealtools'];
const benchmark = folders.flatMap((folder) =>
  lines(`${root}/${folder}/tools.jsonl`).map((entry) => ({
    name: `${folder}:${String(entry.id)}`,
    description: entry.description,
    parameters: entry.parameters,
  })),
);
const queries = folders.flatMap((folder) =>
  lines(`${root}/${folder}/queries.jsonl`)
    .slice(0, 100)
    .map((entry) => String(entry.query)),
);

const word = (i: number): string => {
  let text = '';
  for (let n = i + 702; n > 0; n = Math.floor(n / 26)) text += String.fromCharCode(97 + (n % 26));
  return text;
};
/** Hostile tools, each kind in turn, until the catalogue holds 10,000. */
const hostileTool = (i: number) => {
  const kinds = [
    () => ({ description: `search files ${'x'.repeat(20_000 + (i % 7) * 10_000)}` }),
    () => ({ description: `weather ${'的一是不了人我在有他这'.repeat(300)}` }),
    () => ({ description: `send ${'-!'.repeat(5_000)} email` }),
    () => ({
      description: 'many parameters',
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 2_000 }, (_, j) => [`${word(i * 2_000 + j)}`, { type: 'string' }]),
        ),
      },
    }),
    () => ({ description: `get the ${word(i)} ${' '.repeat(50_000)} report` }),
  ];
  return { name: `hostile_${i}`, ...kinds[i % kinds.length]!() };
};
const hostile = Array.from({ length: 10_000 - benchmark.length }, (_, i) => hostileTool(i));

const hostileQueries: [string, string, SelectOptions][] = [
  ['benchmark queries', '', { limit: 5 }],
  ['limit 1e9', '', { limit: 1e9 }],
  ['overFetch 1e6', '', { limit: 5, overFetch: 1e6 }],
  ['160,000-letter query', 'q'.repeat(160_000), { limit: 5 }],
  ['30,000 CJK characters', '的一是不了人我在有他这'.repeat(2_728), { limit: 5 }],
  ['10,000 words', Array.from({ length: 10_000 }, (_, i) => word(i)).join(' '), { limit: 5 }],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(
  picker: Picker<unknown>,
  query: string,
  options: SelectOptions,
): Promise<number[]> {
  const times: number[] = [];
  for (const q of query === '' ? queries : Array.from({ length: 20 }, () => query)) {
    const start = performance.now();
    await picker.select(q, options);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const make = () => pipe(bm25(), tfidf()).fuse(rrf()).pack(budget(4000));
const baseline = await make().index(benchmark);
const attacked = await make().index([...benchmark, ...hostile]);
console.log(
  `catalogue: ${benchmark.length} benchmark tools + ${hostile.length} hostile tools = ${attacked.size}`,
);
console.log(
  'pipeline: bm25 + tfidf, rrf, budget(4000); baseline: the benchmark catalogue alone, same queries, same run\n',
);
console.log(
  '| input | p50 ms | p99 ms | max ms | first pass max ms | baseline p50 ms | p50 ratio |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
let worst = 0;
for (const [label, query, options] of hostileQueries) {
  // The first pass measures tools' tokens on first use (budget is lazy); the second is timed.
  const cold = await measure(attacked, query, options);
  await measure(baseline, query, options);
  const times = await measure(attacked, query, options);
  const base = await measure(baseline, query, options);
  worst = Math.max(worst, times.at(-1)!);
  const p50 = percentile(times, 0.5);
  const baseP50 = percentile(base, 0.5);
  console.log(
    `| ${label} | ${p50.toFixed(2)} | ${percentile(times, 0.99).toFixed(2)} | ${times.at(-1)!.toFixed(2)} | ${cold.at(-1)!.toFixed(1)} | ${baseP50.toFixed(2)} | ${(p50 / baseP50).toFixed(2)}× |`,
  );
}
console.log(`\nslowest select after the first pass: ${worst.toFixed(1)} ms (target ≤ 50 ms)`);

/**
 * Figures for the README: tool-definition tokens per request (all tools, pre-selection, tool
 * search), recall of each mode on the shared benchmarks, and the adapter's overhead per call.
 * Usage: pnpm figures:openai (benchmarks from `lab/benchmarks.ts`)
 */
import { readFile } from 'node:fs/promises';
import { bm25 } from '@shortlist/bm25';
import { gptTokenizer, toolDefinition } from '@shortlist/budget';
import { type Picker, pipe, type Tool, toTools } from '@shortlist/core';
import { type Dataset, evaluate, type Interval, loadDataset } from '@shortlist/eval';
import { rrf } from '@shortlist/fusion';
import { openaiToolSearch, openaiTools } from '@shortlist/openai';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';

const benchmarks = benchmarksDir;
const limit = 5;
type Definition = { name: string };

const counter = await gptTokenizer({ encoding: 'o200k_base' });
const tokens = (value: unknown) => counter.count(JSON.stringify(value));
const percent = (x: Interval) =>
  `${(100 * x.mean).toFixed(1)} [${(100 * x.low).toFixed(1)}, ${(100 * x.high).toFixed(1)}]`;

/** The catalogue as the Responses function tools a user would send. */
const responsesDefinitions = (tools: readonly Tool[]): Definition[] =>
  tools.map((tool) => toolDefinition(tool, 'openai-responses') as Definition);

const preSelect = (picker: Picker<Definition>) => async (query: string) =>
  (await openaiTools(picker, { limit }).forResponses([{ role: 'user', content: query }])).map(
    (tool) => tool.name,
  );
const searchCall = (query: string) => ({
  type: 'tool_search_call',
  call_id: 'call_1',
  execution: 'client',
  arguments: { query },
});
const toolSearch = (picker: Picker<Definition>) => async (query: string) => {
  const [output] = await openaiToolSearch(picker, { limit }).answer([searchCall(query)]);
  return output!.tools.map((tool) => tool.name);
};

async function tokenFigures(label: string, tools: readonly Tool[], queries: readonly string[]) {
  const definitions = responsesDefinitions(tools);
  const cost = new Map(definitions.map((d) => [d.name, tokens(d)]));
  const all = [...cost.values()].reduce((a, b) => a + b, 0);
  const picker = await pipe(bm25(), tfidf()).fuse(rrf()).index(definitions);
  const searchTool = tokens(openaiToolSearch(picker).tool);
  let pre = 0;
  let found = 0;
  for (const query of queries) {
    for (const name of await preSelect(picker)(query)) pre += cost.get(name)!;
    for (const name of await toolSearch(picker)(query)) found += cost.get(name)!;
  }
  const n = queries.length;
  const line = (mode: string, value: number) =>
    `| ${label} (${tools.length} tools) | ${mode} | ${Math.round(value)} | ${(100 * (1 - value / all)).toFixed(1)}% |`;
  console.log(line('all tools', all));
  console.log(line(`pre-selection (limit ${limit})`, pre / n));
  console.log(line('tool search: the search tool alone', searchTool));
  console.log(line(`tool search: + the ${limit} found, once loaded`, searchTool + found / n));
}

async function quality(dataset: Dataset, options: { split?: string; sample?: number }) {
  const definitions = responsesDefinitions(dataset.tools);
  const picker = await pipe(bm25(), tfidf()).fuse(rrf()).index(definitions);
  const modes: [string, Parameters<typeof evaluate>[0]][] = [
    ['lexical select()', picker],
    ['pre-selection', preSelect(picker)],
    ['tool search', toolSearch(picker)],
  ];
  for (const [mode, retrieve] of modes) {
    const report = await evaluate(retrieve, dataset, { limit, name: mode, split: options.split });
    console.log(
      `| ${dataset.name} | ${mode} | ${report.queries} | ${percent(report.metrics['recall@5'])} | ${percent(report.metrics['hit@1'])} |`,
    );
  }
}

async function overhead(picker: Picker<Definition>, queries: readonly string[]) {
  const methods: [string, (query: string) => Promise<unknown>][] = [
    ['picker.select()', (query) => picker.select(query, { limit })],
    ['openaiTools().forResponses()', preSelect(picker)],
    ['openaiToolSearch().answer()', toolSearch(picker)],
  ];
  const total = new Map<string, number>(methods.map(([name]) => [name, 0]));
  for (const [, run] of methods) for (const query of queries.slice(0, 50)) await run(query);
  for (let pass = 0; pass < 3; pass++) {
    for (let block = 0; block < queries.length; block += 25) {
      const slice = queries.slice(block, block + 25);
      const order = (block / 25 + pass) % 2 === 0 ? methods : [...methods].reverse();
      for (const [name, run] of order) {
        const start = process.hrtime.bigint();
        for (const query of slice) await run(query);
        total.set(name, total.get(name)! + Number(process.hrtime.bigint() - start) / 1000);
      }
    }
  }
  const calls = queries.length * 3;
  const base = total.get('picker.select()')! / calls;
  for (const [name] of methods) {
    const each = total.get(name)! / calls;
    console.log(`| ${name} | ${each.toFixed(1)} | ${(each / base).toFixed(2)}× |`);
  }
}

const sample = toTools(
  JSON.parse(await readFile(`${repoRoot}/packages/cli/data/sample-tools.json`, 'utf8')),
);
const sampleQueries: string[] = JSON.parse(
  await readFile(`${repoRoot}/packages/cli/data/sample-queries.json`, 'utf8'),
);
const bfcl = await loadDataset(`${benchmarks}/bfcl`);

console.log('## Tool-definition tokens per request (o200k_base, Responses definitions)\n');
console.log('| catalogue | mode | tokens / request | fewer than all |\n|---|---|---|---|');
await tokenFigures('bundled sample', sample, sampleQueries);
await tokenFigures(
  'bfcl',
  bfcl.tools,
  bfcl.queries.map((q) => q.query),
);

console.log(`\n## Retrieval per mode (limit ${limit}; percent, 95% bootstrap intervals)\n`);
console.log('| dataset | mode | queries | recall@5 | hit@1 |\n|---|---|---|---|---|');
await quality(bfcl, {});
await quality(await loadDataset(`${benchmarks}/metatool`, { split: 'test', sample: 2000 }), {
  split: 'test',
});
await quality(await loadDataset(`${benchmarks}/sealtools`), {});

console.log('\n## Overhead per model call on bfcl (µs, mean of 3 passes over 500 queries)\n');
console.log('| call | µs | vs select() |\n|---|---|---|');
const bfclPicker = await pipe(bm25(), tfidf()).fuse(rrf()).index(responsesDefinitions(bfcl.tools));
await overhead(
  bfclPicker,
  bfcl.queries.slice(0, 500).map((q) => q.query),
);

/**
 * Figures for the README: tool-definition tokens per request (all tools, pre-selection, tool
 * search), retrieval quality of each mode with intervals, and the adapter's overhead per call.
 * Usage: pnpm figures:anthropic [--sample 400] (benchmarks from `lab/benchmarks.ts`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { type AnthropicTool, anthropicShortlist } from '@shortlist/anthropic';
import { gptTokenizer } from '@shortlist/budget';
import { type Picker, type Tool, toTools } from '@shortlist/core';
import { type Dataset, type EvaluationReport, evaluate, loadDataset } from '@shortlist/eval';
import { lexical } from '@shortlist/lexical';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';

const benchmarks = benchmarksDir;
const at = process.argv.indexOf('--sample');
const sample = at >= 0 ? Number(process.argv[at + 1]) : 400;

/** A canonical tool as the Anthropic definition a user would hold. */
const definitionOf = (tool: Tool): AnthropicTool => ({
  name: tool.name,
  description: tool.description,
  input_schema: { type: 'object', ...tool.inputSchema },
});

const index = async (tools: readonly Tool[]): Promise<Picker<AnthropicTool>> =>
  (await lexical().index(tools.map(definitionOf))) as Picker<AnthropicTool>;

const ask = (query: string): MessageParam[] => [{ role: 'user', content: query }];
const use = (query: string) => ({
  type: 'tool_use',
  id: 'toolu_1',
  name: 'search_tools',
  input: { query },
});
const referenced = (content: unknown): string[] =>
  Array.isArray(content)
    ? content.flatMap((block) =>
        block.type === 'tool_reference' ? [block.tool_name as string] : [],
      )
    : [];
const mean = (values: number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const counter = await gptTokenizer({ encoding: 'o200k_base' });
const tokens = (value: unknown) => counter.count(JSON.stringify(value));

async function tokenRow(
  label: string,
  picker: Picker<AnthropicTool>,
  queries: readonly string[],
): Promise<string> {
  const all = tokens(picker.tools().map((tool) => tool.original));
  const pre: number[] = [];
  const afterSearch: number[] = [];
  let searchTool = 0;
  for (const query of queries) {
    const shortlist = anthropicShortlist(picker);
    pre.push(tokens(await shortlist.tools(ask(query))));
    const [result] = await shortlist.answer([use(query)]);
    searchTool = tokens([shortlist.searchTool]);
    const found = referenced(result?.content).map((name) => picker.get(name)!.original);
    afterSearch.push(tokens([shortlist.searchTool, ...found]));
  }
  const cut = (value: number) => `${(100 * (1 - value / all)).toFixed(1)}%`;
  return `| ${label} | ${picker.size} | ${all} | ${mean(pre).toFixed(0)} (−${cut(mean(pre))}) | ${searchTool} | ${mean(afterSearch).toFixed(0)} (−${cut(mean(afterSearch))}) |`;
}

const pct = (report: EvaluationReport, metric: 'recall@5' | 'hit@1') => {
  const m = report.metrics[metric];
  return `${(100 * m.mean).toFixed(1)} [${(100 * m.low).toFixed(1)}, ${(100 * m.high).toFixed(1)}]`;
};

async function qualityRows(dataset: Dataset, picker: Picker<AnthropicTool>): Promise<string[]> {
  const options = { limit: 5, concurrency: 1 } as const;
  const modes: [string, Parameters<typeof evaluate>[0]][] = [
    [
      'lexical select() (baseline)',
      (query, { limit }) => picker.select(query, { limit }).then((s) => s.picks.map((p) => p.name)),
    ],
    [
      'pre-selection tools(messages)',
      async (query) =>
        (await anthropicShortlist(picker).tools(ask(query))).map((tool) => tool.name),
    ],
    [
      'tool search answer()',
      async (query) =>
        referenced((await anthropicShortlist(picker).answer([use(query)]))[0]?.content),
    ],
  ];
  const rows: string[] = [];
  for (const [label, run] of modes) {
    const report = await evaluate(run, dataset, { ...options, name: label });
    rows.push(
      `| ${dataset.name} | ${label} | ${report.queries} | ${pct(report, 'recall@5')} | ${pct(report, 'hit@1')} |`,
    );
  }
  return rows;
}

async function overhead(
  picker: Picker<AnthropicTool>,
  queries: readonly string[],
): Promise<string> {
  const shortlist = anthropicShortlist(picker);
  const conversation = (query: string): MessageParam[] => [
    { role: 'user', content: 'Hi, I need some help with a task today.' },
    { role: 'assistant', content: [{ type: 'text', text: 'Sure, what do you need?' }] },
    { role: 'user', content: query },
  ];
  const plain: number[] = [];
  const adapted: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of queries) {
      const messages = conversation(query);
      let start = process.hrtime.bigint();
      await picker.select(query, { limit: 5 });
      plain.push(Number(process.hrtime.bigint() - start) / 1000);
      start = process.hrtime.bigint();
      await shortlist.tools(messages);
      adapted.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  const a = median(adapted);
  const p = median(plain);
  return `| ${picker.size} | ${p.toFixed(0)} | ${a.toFixed(0)} | ${(a - p).toFixed(0)} | ${(a / p).toFixed(2)}× |`;
}

const sampleTools = toTools(
  JSON.parse(readFileSync(join(repoRoot, 'packages/cli/data/sample-tools.json'), 'utf8')),
);
const sampleQueries: string[] = JSON.parse(
  readFileSync(join(repoRoot, 'packages/cli/data/sample-queries.json'), 'utf8'),
);
const bfcl = await loadDataset(join(benchmarks, 'bfcl'), { sample });
const bfclQueries = bfcl.queries.map((q) => q.query);
const samplePicker = await index(sampleTools);
const bfclPicker = await index(bfcl.tools);

console.log(
  '## Tool-definition tokens per request (o200k_base; mean over queries)\n\n' +
    '| catalogue | tools | all tools | pre-selection | tool search, before a search | tool search, after one |\n|---|---|---|---|---|---|',
);
console.log(
  await tokenRow(`bundled sample (${sampleQueries.length} queries)`, samplePicker, sampleQueries),
);
console.log(await tokenRow(`bfcl (${bfclQueries.length} queries)`, bfclPicker, bfclQueries));

console.log(
  `\n## Retrieval quality at 5 tools (percent, 95% bootstrap intervals; ${sample} sampled queries a dataset)\n\n` +
    '| dataset | mode | queries | recall@5 | hit@1 |\n|---|---|---|---|---|',
);
for (const name of ['bfcl', 'metatool', 'sealtools']) {
  const dataset = name === 'bfcl' ? bfcl : await loadDataset(join(benchmarks, name), { sample });
  for (const row of await qualityRows(
    dataset,
    name === 'bfcl' ? bfclPicker : await index(dataset.tools),
  ))
    console.log(row);
}

console.log(
  '\n## Overhead per model call (µs, median of 3 rounds over the bfcl queries, same run)\n\n' +
    '| tools | picker.select() | shortlist.tools(messages) | overhead | ratio |\n|---|---|---|---|---|',
);
console.log(await overhead(samplePicker, sampleQueries.concat(bfclQueries.slice(0, 40))));
console.log(await overhead(bfclPicker, bfclQueries));

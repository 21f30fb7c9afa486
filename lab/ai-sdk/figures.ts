/**
 * Figures for the adapters: tool-definition tokens per model request (all tools, pre-selection,
 * tool search), retrieval quality of each mode with 95% intervals, and the adapter's overhead per
 * model call next to a plain select(). Run: pnpm figures:ai-sdk [--sample 500]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { shortlist } from '@shortlist/ai-sdk';
import { gptTokenizer, toolDefinition } from '@shortlist/budget';
import { type Tool, toTools } from '@shortlist/core';
import {
  bootstrapInterval,
  type DatasetQuery,
  hitAt,
  loadDataset,
  recallAt,
} from '@shortlist/eval';
import { jsonSchema, type ModelMessage, type ToolSet, tool } from 'ai';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';

const root = benchmarksDir;
const at = process.argv.indexOf('--sample');
const sample = at >= 0 ? Number(process.argv[at + 1]) : 500;
const counter = await gptTokenizer();
const tokensOf = (t: Tool) => counter.count(JSON.stringify(toolDefinition(t, 'openai-chat')));

function toolSetOf(tools: readonly Tool[]): ToolSet {
  const set: ToolSet = {};
  for (const t of tools) {
    set[t.name] = tool({
      description: t.description,
      inputSchema: jsonSchema(t.inputSchema as never),
    });
  }
  return set;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const pct = (values: number[]) => {
  const i = bootstrapInterval(values);
  return `${(i.mean * 100).toFixed(1)} [${(i.low * 100).toFixed(1)}, ${(i.high * 100).toFixed(1)}]`;
};

interface Row {
  name: string;
  tools: number;
  all: number;
  preselect: number;
  search: number;
  searchStep: number;
  quality?: { select: string; preselect: string; search: string; hitPre: string };
  overhead: { select: number; prepare: number };
}

async function measure(
  name: string,
  tools: readonly Tool[],
  queries: readonly { query: string; relevant?: readonly string[] }[],
): Promise<Row> {
  const cost = new Map(tools.map((t) => [t.name, tokensOf(t)] as const));
  const all = [...cost.values()].reduce((a, b) => a + b, 0);
  const set = toolSetOf(tools);
  const picks = await shortlist(set);
  const searchTool = picks.withToolSearch({ searchToolName: 'find_tools' }).find_tools!;
  const searchDefinition = counter.count(
    JSON.stringify({
      type: 'function',
      function: {
        name: 'tool_search',
        description: searchTool.description,
        parameters: {
          type: 'object',
          properties: { query: { type: 'string', minLength: 1 } },
          required: ['query'],
          additionalProperties: false,
        },
      },
    }),
  );
  const pre: number[] = [];
  const found: number[] = [];
  const recallSelect: number[] = [];
  const recallPre: number[] = [];
  const recallSearch: number[] = [];
  const hitPre: number[] = [];
  const selectTimes: number[] = [];
  const prepareTimes: number[] = [];
  const eligible = tools.map((t) => ({ name: t.name, description: t.description }));
  for (const [i, q] of queries.entries()) {
    // A fresh conversation per request: the first model call of a chat, the costliest to get right.
    const conversation = picks.conversation();
    const messages: ModelMessage[] = [{ role: 'user', content: q.query }];
    const t0 = performance.now();
    const step = await conversation.prepareStep({ messages } as never);
    const t1 = performance.now();
    const selection = await picks.picker.select(q.query, { limit: 5 });
    const t2 = performance.now();
    if (i >= Math.min(20, queries.length / 4)) {
      prepareTimes.push((t1 - t0) * 1000);
      selectTimes.push((t2 - t1) * 1000);
    }
    const offered = [...((step as { activeTools: string[] }).activeTools ?? [])];
    pre.push(offered.reduce((sum, n) => sum + cost.get(n)!, 0));
    const names = await conversation.search({ query: q.query, tools: eligible });
    const top = names.slice(0, 5);
    found.push(top.reduce((sum, n) => sum + cost.get(n)!, 0));
    if (q.relevant) {
      const relevant = new Set(q.relevant);
      recallSelect.push(
        recallAt(
          selection.picks.map((p) => p.name),
          relevant,
          5,
        ),
      );
      recallPre.push(recallAt(offered, relevant, Math.max(1, offered.length)));
      hitPre.push(hitAt(offered, relevant, Math.max(1, offered.length)));
      recallSearch.push(recallAt(top, relevant, 5));
    }
  }
  return {
    name,
    tools: tools.length,
    all,
    preselect: median(pre),
    search: searchDefinition,
    searchStep: searchDefinition + median(found),
    ...(recallSelect.length
      ? {
          quality: {
            select: pct(recallSelect),
            preselect: pct(recallPre),
            search: pct(recallSearch),
            hitPre: pct(hitPre),
          },
        }
      : {}),
    overhead: { select: median(selectTimes), prepare: median(prepareTimes) },
  };
}

const rows: Row[] = [];
const bundled = toTools(
  JSON.parse(readFileSync(`${repoRoot}/packages/cli/data/sample-tools.json`, 'utf8')),
);
const bundledQueries = (
  JSON.parse(readFileSync(`${repoRoot}/packages/cli/data/sample-queries.json`, 'utf8')) as string[]
).map((query) => ({ query }));
rows.push(await measure('bundled', bundled, bundledQueries));
for (const name of ['bfcl', 'metatool', 'sealtools']) {
  const data = await loadDataset(`${root}/${name}`, { sample });
  rows.push(await measure(name, data.tools, data.queries as readonly DatasetQuery[]));
}

console.log(
  `Tool-definition tokens per model request (o200k_base, OpenAI Chat definitions; medians over ${sample}-query samples)\n`,
);
console.log(
  '| catalogue | tools | all tools | pre-selection | saved | tool search: 1st step | after search | saved |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const saved = (n: number) => `${(100 * (1 - n / r.all)).toFixed(1)}%`;
  console.log(
    `| ${r.name} | ${r.tools} | ${r.all} | ${r.preselect} | ${saved(r.preselect)} | ${r.search} | ${r.searchStep} | ${saved(r.searchStep)} |`,
  );
}
console.log(
  '\nRight tool among those offered (recall, %, 95% interval); the lexical default select(limit 5) is the reference\n',
);
console.log(
  '| catalogue | lexical select recall@5 | pre-selection recall (offered) | pre-selection hit | tool search recall@5 |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows)
  if (r.quality)
    console.log(
      `| ${r.name} | ${r.quality.select} | ${r.quality.preselect} | ${r.quality.hitPre} | ${r.quality.search} |`,
    );
console.log(
  '\nOverhead per model call (median µs, first call of a conversation): prepareStep vs the plain select() it wraps\n',
);
console.log('| catalogue | select() | prepareStep | ratio |');
console.log('| --- | ---: | ---: | ---: |');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.overhead.select.toFixed(1)} | ${r.overhead.prepare.toFixed(1)} | ${(r.overhead.prepare / r.overhead.select).toFixed(2)}× |`,
  );
counter.dispose?.();

/**
 * Prints the adapter's figures: tool-definition tokens per model request (all tools, pre-selection,
 * tool search) through a real createAgent + ChatOpenAI against a local Chat Completions server,
 * how often a relevant tool is offered, and the middleware's overhead per model call next to
 * `picker.select()`. Usage: pnpm figures:langchain [--queries N]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { HumanMessage } from '@langchain/core/messages';
import { type DynamicStructuredTool, tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { bm25 } from '@shortlist/bm25';
import { gptTokenizer } from '@shortlist/budget';
import { pipe } from '@shortlist/core';
import { bootstrapInterval } from '@shortlist/eval';
import { rrf } from '@shortlist/fusion';
import {
  readLangChainTools,
  shortlistToolSearchMiddleware,
  shortlistToolSelectorMiddleware,
} from '@shortlist/langchain';
import { type OpenAIRequest, startOpenAIServer } from '@shortlist/test-servers';
import { tfidf } from '@shortlist/tfidf';
import { type AgentMiddleware, createAgent } from 'langchain';
import { lastContent } from '../../packages/langchain/src/test-chat-helpers.js';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';

interface Definition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}
interface Query {
  query: string;
  relevant: string[];
}

const repo = pathToFileURL(`${repoRoot}/`);
const limitArg = process.argv.indexOf('--queries');
const maxQueries = limitArg > 0 ? Number(process.argv[limitArg + 1]) : 200;

function sampleCatalogue(): { definitions: Definition[]; queries: Query[] } {
  const raw = JSON.parse(
    readFileSync(new URL('packages/cli/data/sample-tools.json', repo), 'utf8'),
  ) as { function: Definition }[];
  const queries = JSON.parse(
    readFileSync(new URL('packages/cli/data/sample-queries.json', repo), 'utf8'),
  ) as string[];
  return {
    definitions: raw.map((t) => t.function),
    queries: queries.map((query) => ({ query, relevant: [] })),
  };
}

function bfcl(): { definitions: Definition[]; queries: Query[] } {
  const dir = pathToFileURL(`${benchmarksDir}/bfcl/`);
  const lines = (file: string) =>
    readFileSync(new URL(file, dir), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
  // Tool ids are unique where names repeat (variants), so the id names the LangChain tool.
  const definitions = lines('tools.jsonl').map(
    (t: { id: string; description: string; parameters: Record<string, unknown> }) => ({
      name: t.id,
      description: t.description,
      parameters: Object.keys(t.parameters).length ? t.parameters : { type: 'object' },
    }),
  );
  const all = lines('queries.jsonl') as Query[];
  const step = Math.max(1, Math.floor(all.length / maxQueries));
  const queries = all.filter((_, i) => i % step === 0).slice(0, maxQueries);
  return { definitions, queries };
}

const toLangChain = (definitions: Definition[]): DynamicStructuredTool[] =>
  definitions.map(
    (d) =>
      tool(async () => 'ok', {
        name: d.name,
        description: d.description,
        schema: d.parameters as { type: 'object' },
      }) as DynamicStructuredTool,
  );

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(name: string, catalogue: { definitions: Definition[]; queries: Query[] }) {
  const tokenizer = await gptTokenizer();
  const tokensOf = (request: OpenAIRequest) =>
    tokenizer.count(JSON.stringify(request.body.tools ?? []));
  const tools = toLangChain(catalogue.definitions);
  const picker = await pipe(bm25(), tfidf())
    .fuse(rrf())
    .index(await readLangChainTools(tools));
  const server = await startOpenAIServer();
  const model = new ChatOpenAI({
    model: 'gpt-4o-mini',
    apiKey: 'sk-local',
    configuration: { baseURL: server.baseURL },
  });
  const rows: Record<string, number[]> = {
    all: [],
    preselect: [],
    searchFirst: [],
    searchAfter: [],
  };
  const offered: Record<string, number[]> = { preselect: [], search: [] };
  const relevantIn = (names: string[], q: Query) =>
    q.relevant.length === 0 ? undefined : q.relevant.some((r) => names.includes(r)) ? 1 : 0;
  try {
    for (const q of catalogue.queries) {
      const message = { messages: [{ role: 'user', content: q.query }] };
      server.script(() => ({ text: 'ok' }));
      await createAgent({ model, tools }).invoke(message);
      rows.all!.push(tokensOf(server.requests[0]!));

      server.script(() => ({ text: 'ok' })); // also forgets the requests recorded so far
      await createAgent({
        model,
        tools,
        middleware: [shortlistToolSelectorMiddleware(picker)],
      }).invoke(message);
      rows.preselect!.push(tokensOf(server.requests[0]!));
      const pre = relevantIn(server.requests[0]!.toolNames, q);
      if (pre !== undefined) offered.preselect!.push(pre);

      // Tool search: the benchmark query stands in for the model's own search query.
      server.script((request, i) =>
        i === 0
          ? { toolCalls: [{ name: 'search_tools', args: { query: q.query } }] }
          : { text: lastContent(request, 'tool').slice(0, 10) },
      );
      await createAgent({
        model,
        tools,
        middleware: [shortlistToolSearchMiddleware(picker)],
      }).invoke(message);
      rows.searchFirst!.push(tokensOf(server.requests[0]!));
      rows.searchAfter!.push(tokensOf(server.requests[1]!));
      const found = relevantIn(server.requests[1]!.toolNames, q);
      if (found !== undefined) offered.search!.push(found);
    }
  } finally {
    await server.close();
  }

  // Overhead of one model call's middleware work, with the model call itself left out.
  const selector = shortlistToolSelectorMiddleware(picker) as AgentMiddleware & {
    wrapModelCall: (request: unknown, handler: (r: unknown) => unknown) => Promise<unknown>;
  };
  const adapterUs: number[] = [];
  const selectUs: number[] = [];
  let thread = 0;
  for (let round = 0; round < 3; round++) {
    for (const q of catalogue.queries) {
      const request = {
        messages: [new HumanMessage({ content: q.query, id: `m${thread}` })],
        tools,
        runtime: { configurable: { thread_id: `t${thread++}` } },
      };
      let start = performance.now();
      await picker.select(q.query, { limit: 5 });
      selectUs.push((performance.now() - start) * 1000);
      start = performance.now();
      await selector.wrapModelCall(request, async () => undefined);
      adapterUs.push((performance.now() - start) * 1000);
    }
  }

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const all = mean(rows.all!);
  const line = (label: string, values: number[]) =>
    `| ${name} | ${label} | ${Math.round(mean(values))} | ${(100 * (1 - mean(values) / all)).toFixed(1)}% |`;
  console.log(`\n### ${name}: ${tools.length} tools, ${catalogue.queries.length} queries\n`);
  console.log(
    '| catalogue | mode | tool-definition tokens per request (mean, o200k) | fewer than all |',
  );
  console.log('|---|---|---|---|');
  console.log(line('all tools', rows.all!));
  console.log(line('pre-selection', rows.preselect!));
  console.log(line('tool search, first request', rows.searchFirst!));
  console.log(line('tool search, after the search', rows.searchAfter!));
  for (const [mode, hits] of Object.entries(offered)) {
    if (hits.length === 0) continue;
    const interval = bootstrapInterval(hits, { seed: 1 });
    console.log(
      `\n${mode}: a relevant tool offered for ${(100 * interval.mean).toFixed(1)}% of queries (95% CI ${(100 * interval.low).toFixed(1)}–${(100 * interval.high).toFixed(1)})`,
    );
  }
  console.log(
    `\noverhead per model call (median µs): shortlistToolSelectorMiddleware ${median(adapterUs).toFixed(0)} vs picker.select() ${median(selectUs).toFixed(0)} (${(median(adapterUs) / median(selectUs)).toFixed(2)}×)`,
  );
}

await measure('sample', sampleCatalogue());
await measure('bfcl', bfcl());

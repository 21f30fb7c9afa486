// Prints the gateway's figures as Markdown: tokens in tools/list with every upstream tool vs
// through the gateway per mode; search_tools round trips over HTTP at 1,000 and 10,000 tools next
// to in-process search; cold and warm start. Run from the repo root: pnpm figures:mcp
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { gptTokenizer } from '@shortlist/budget';
import { createGateway, serveHttp } from '@shortlist/mcp';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';

const server = join(repoRoot, 'packages/mcp/test-servers/tool-server.mjs');
const sealtools = join(benchmarksDir, 'sealtools/tools.jsonl');
const tokenizer = await gptTokenizer();
const tokens = (tools) => tokenizer.count(JSON.stringify(tools));
const quiet = () => undefined;
const upstream = (args) => ({ command: process.execPath, args: [server, ...args] });

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value) => value.toFixed(2);

async function connectHttp(url) {
  const client = new Client({ name: 'figures', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/** Tokens a client loads: every upstream's tools/list, then the gateway's in each mode. */
async function tokenFigures() {
  const real = existsSync(sealtools);
  const config = { mcpServers: {} };
  for (let i = 0; i < 5; i++) {
    config.mcpServers[`server${i}`] = upstream(
      real
        ? ['--tools-file', sealtools, '--offset', String(i * 200), '--count', '200']
        : ['--generated', '200'],
    );
  }
  let direct = 0;
  let count = 0;
  for (const entry of Object.values(config.mcpServers)) {
    const client = new Client({ name: 'figures', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ ...entry, stderr: 'ignore' }));
    const { tools } = await client.listTools();
    direct += tokens(tools);
    count += tools.length;
    await client.close();
  }
  const gateway = await createGateway({
    config,
    cacheDirectory: false,
    upstreamStderr: 'ignore',
    onWarning: quiet,
  });
  const queries = [
    'analyze forensic evidence',
    'book a flight ticket',
    'get the weather forecast',
    'translate a text',
    'calculate a loan payment',
  ];
  const rows = [['every upstream tool (no gateway)', count, direct, '']];
  for (const mode of ['search', 'dynamic', 'filter']) {
    const served = await serveHttp(gateway, { mode, allow: ['server0__*'], dynamicLimit: 20 });
    const client = await connectHttp(served.url);
    let answers = 0;
    if (mode !== 'filter') {
      for (const query of queries) {
        const result = await client.callTool({ name: 'search_tools', arguments: { query } });
        answers += tokenizer.count(result.content[0].text);
      }
    }
    const { tools } = await client.listTools();
    const note =
      mode === 'search'
        ? `+ ${Math.round(answers / queries.length)} a search_tools answer (mean of ${queries.length}, limit 5)`
        : mode === 'dynamic'
          ? `after ${queries.length} searches; + ${Math.round(answers / queries.length)} a search_tools answer`
          : 'allow-list server0__* (one of five servers)';
    rows.push([`gateway, ${mode} mode`, tools.length, tokens(tools), note]);
    await client.close();
    await served.close();
  }
  await gateway.close();
  console.log(
    `### Tokens in tools/list (${real ? 'sealtools definitions' : 'generated definitions'}, 5 upstreams × 200 tools, o200k_base)\n`,
  );
  console.log('| what the client loads | tools | tokens | notes |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('');
}

/** search_tools over HTTP vs in-process gateway.search at a catalogue size; cold and warm start. */
async function speedFigures(size, rounds) {
  const directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-figures-'));
  const config = { mcpServers: { generated: upstream(['--generated', String(size)]) } };
  const start = async () => {
    const began = performance.now();
    const gateway = await createGateway({
      config,
      cacheDirectory: directory,
      upstreamStderr: 'ignore',
      onWarning: quiet,
    });
    return { gateway, elapsed: performance.now() - began };
  };
  const cold = await start();
  await cold.gateway.close();
  const warm = await start();
  const { gateway } = warm;
  // Every query is new (tokens of new candidates are counted, as for a first-seen request); the
  // two sides take turns on fresh queries from the same distribution, so neither warms the other.
  const topics = ['invoices', 'tickets', 'calendars', 'repositories', 'messages'];
  const query = (i) =>
    `tool number ${(i * 7919) % size} that handles ${topics[i % 5]} for team ${i % 97}`;
  const served = await serveHttp(gateway);
  const client = await connectHttp(served.url);
  const viaHttp = (text) => client.callTool({ name: 'search_tools', arguments: { query: text } });
  const inProcess = (text) => gateway.search(text);
  for (let i = 0; i < 50; i++) {
    await inProcess(query(3 * rounds + i));
    await viaHttp(query(3 * rounds + 50 + i));
  }
  const local = [];
  const remote = [];
  const bare = [];
  const time = async (run, text, into) => {
    const began = performance.now();
    await run(text);
    into.push(performance.now() - began);
  };
  for (let i = 0; i < rounds; i++) {
    const [first, second] =
      i % 2
        ? [
            [viaHttp, remote],
            [inProcess, local],
          ]
        : [
            [inProcess, local],
            [viaHttp, remote],
          ];
    await time(first[0], query(2 * i), first[1]);
    await time(second[0], query(2 * i + 1), second[1]);
    // The transport's own cost: a tools/list round trip that searches nothing.
    await time(() => client.listTools(), '', bare);
  }
  await client.close();
  await served.close();
  await gateway.close();
  await rm(directory, { recursive: true, force: true });
  local.sort((a, b) => a - b);
  remote.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  return { size, rounds, local, remote, bare, cold: cold.elapsed, warm: warm.elapsed };
}

await tokenFigures();
const runs = [await speedFigures(1000, 500), await speedFigures(10_000, 500)];
console.log(
  '### search_tools latency, ms (sequential, every query new, 50 warm-up queries each side, taking turns; default lexical pipeline, limit 5)\n',
);
console.log(
  '| tools | in-process `gateway.search` (picker.select) p50 | p99 | over HTTP p50 | p99 | HTTP / in-process (p50) | bare tools/list over HTTP p50 |\n|---|---|---|---|---|---|---|',
);
for (const run of runs) {
  const [lp50, lp99, rp50, rp99] = [
    percentile(run.local, 50),
    percentile(run.local, 99),
    percentile(run.remote, 50),
    percentile(run.remote, 99),
  ];
  console.log(
    `| ${run.size.toLocaleString('en')} | ${ms(lp50)} | ${ms(lp99)} | ${ms(rp50)} | ${ms(rp99)} | ${(rp50 / lp50).toFixed(1)}× | ${ms(percentile(run.bare, 50))} |`,
  );
}
console.log('\n### Start time, ms (spawn the upstream, list its tools, index or restore)\n');
console.log(
  '| tools | cold (no snapshot) | warm (snapshot on disk) | warm / cold |\n|---|---|---|---|',
);
for (const run of runs)
  console.log(
    `| ${run.size.toLocaleString('en')} | ${Math.round(run.cold)} | ${Math.round(run.warm)} | ${(run.warm / run.cold).toFixed(2)} |`,
  );
console.log(`\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}.`);

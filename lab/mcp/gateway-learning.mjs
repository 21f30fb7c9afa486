// How the gateway learns from an agent's traffic, measured through `shortlist mcp` itself: the
// MCP SDK client drives it over stdio, MetaTool's tools served by a scripted upstream, its test
// requests streamed in a seeded order (the order `shortlist eval --online` uses).
// A scripted agent searches each request in its own words (passing them as `request` too); if
// the right tool is not in the first 5, it searches again in words from the tool's name and
// description; then it calls the right tool. Per window: whether the FIRST search had the tool
// first (hit@1) and in its first 5 (recall@5 of any relevant tool), learning on and off.
//
//   pnpm lab lab/mcp/gateway-learning.mjs [--requests 3000] [--seed 1]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadDataset, shuffledQueries } from '@shortlist/eval';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const requests = argument('requests', 3000);
const seed = argument('seed', 1);
const windows = [0, 100, 500, 1000, 2000, 3000].filter((bound) => bound < requests);
windows.push(requests);

const folder = join(benchmarksDir, 'metatool');
const dataset = await loadDataset(folder, { split: 'test' });
const stream = shuffledQueries(dataset.queries, seed).slice(0, requests);
const cli = join(repoRoot, 'packages/cli/dist/bin.js');
const upstream = join(repoRoot, 'packages/mcp/test-servers/tool-server.mjs');

/** The name the gateway serves a MetaTool tool under (the upstream cleans names as MCP asks). */
const served = (tool) => `mt__${tool.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100)}`;
/** A dataset's tools are named by their ids, which relevance refers to. */
const byId = new Map(dataset.tools.map((tool) => [tool.name, tool]));
/** Words of a tool's name and description: what a model searches with once it knows the tool. */
const toolWords = (tool) =>
  `${tool.name.replace(/[_.-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')} ${tool.description}`;

const names = (result) =>
  JSON.parse(result.content[0].text).tools.map((/** @type {{name: string}} */ tool) => tool.name);

/** One run of the stream through a fresh `shortlist mcp`; per request, the first search's scores. */
async function run(learn) {
  const directory = await mkdtemp(join(tmpdir(), 'shortlist-gateway-learning-'));
  try {
    const tools = join(directory, 'tools.jsonl');
    const lines = dataset.tools.map(({ name, description }) =>
      JSON.stringify({ name, description, parameters: {} }),
    );
    await writeFile(tools, lines.join('\n'));
    const config = join(directory, 'servers.json');
    const args = [upstream, '--tools-file', tools, '--count', String(dataset.tools.length)];
    await writeFile(
      config,
      JSON.stringify({ mcpServers: { mt: { command: process.execPath, args } } }),
    );
    const client = new Client({ name: 'gateway-learning', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          cli,
          'mcp',
          '--config',
          config,
          '--cache-dir',
          join(directory, 'cache'),
          ...(learn ? [] : ['--no-learn']),
        ],
        stderr: 'ignore',
      }),
    );
    const search = async (query, request) =>
      names(await client.callTool({ name: 'search_tools', arguments: { query, request } }));
    const first = new Float64Array(stream.length);
    const top5 = new Float64Array(stream.length);
    let searchedAgain = 0;
    for (const [i, { query, relevant }] of stream.entries()) {
      const wanted = new Set(relevant.map((id) => served(byId.get(id))));
      const found = await search(query, query);
      first[i] = wanted.has(found[0]) ? 1 : 0;
      top5[i] = found.slice(0, 5).some((name) => wanted.has(name)) ? 1 : 0;
      const right = byId.get(relevant[0]);
      if (!top5[i]) {
        searchedAgain++;
        await search(toolWords(right), query);
      }
      await client.callTool({
        name: 'call_tool',
        arguments: { name: served(right), arguments: {} },
      });
      if ((i + 1) % 500 === 0) process.stderr.write(`${learn ? 'on' : 'off'}: ${i + 1}\n`);
    }
    await client.close();
    return { first, top5, searchedAgain };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const on = await run(true);
const off = await run(false);
const mean = (values, from, to) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i];
  return ((100 * sum) / (to - from)).toFixed(1);
};
const rows = [
  '| requests | off hit@1 | on hit@1 | off in top 5 | on in top 5 |',
  '| --- | --- | --- | --- | --- |',
];
for (let w = 0; w + 1 < windows.length; w++) {
  const [from, to] = [windows[w], windows[w + 1]];
  rows.push(
    `| ${from}–${to} | ${mean(off.first, from, to)} | ${mean(on.first, from, to)} | ${mean(off.top5, from, to)} | ${mean(on.top5, from, to)} |`,
  );
}
console.log(
  `metatool (test split), ${stream.length} requests, seed ${seed}: the first search of each request through shortlist mcp, percent`,
);
console.log(rows.join('\n'));
console.log(
  `second searches (tool's words): ${on.searchedAgain} with learning, ${off.searchedAgain} without`,
);

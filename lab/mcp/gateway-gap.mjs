// Why the gateway's first search may lag the library's learning curve (`shortlist eval --online`):
// the protocol of lab/mcp/gateway-learning.mjs replayed in process on one `lexical()` picker, one
// difference from the library's protocol at a time (served names and packing, only the first
// right tool called, the second search in the tool's words taught, a file store, lessons not
// awaited before the next request). Prints hit@1 of the first search per window and variant.
//
//   pnpm lab lab/mcp/gateway-gap.mjs [--requests 3000] [--seed 1] [--variants a,b,c]

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryExampleStore } from '@shortlist/core';
import { loadDataset, shuffledQueries } from '@shortlist/eval';
import { fileExampleStore } from '@shortlist/learn/node';
import { lexical } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const requests = Number(argument('requests', 3000));
const seed = Number(argument('seed', 1));
const windows = [0, 100, 500, 1000, 2000, 3000].filter((bound) => bound < requests);
windows.push(requests);

const dataset = await loadDataset(join(benchmarksDir, 'metatool'), { split: 'test' });
const stream = shuffledQueries(dataset.queries, seed).slice(0, requests);
const served = (name) => `mt__${name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100)}`;
const byId = new Map(dataset.tools.map((tool) => [tool.name, tool]));
const toolWords = (tool) =>
  `${tool.name.replace(/[_.-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')} ${tool.description}`;

/** One protocol: which names, packing, limit, what is taught. */
const variants = {
  library: { mcp: false, packed: false, limit: 10, all: true, second: false, source: undefined },
  // The gateway's tools (served names, MCP shape), packed, 5 asked.
  served: { mcp: true, packed: true, limit: 5, all: true, second: false },
  // and only the first right tool is called.
  first: { mcp: true, packed: true, limit: 5, all: false, second: false },
  // and the second search in the tool's words is made and taught.
  gateway: { mcp: true, packed: true, limit: 5, all: false, second: true },
  // the gateway's protocol, but the second search's words not taught.
  untaughtSecond: {
    mcp: true,
    packed: true,
    limit: 5,
    all: false,
    second: true,
    teachSecond: false,
  },
  // the gateway's protocol into a file store, each lesson awaited.
  file: { mcp: true, packed: true, limit: 5, all: false, second: true, file: true },
  // the gateway's protocol into a file store, lessons not awaited (as the gateway records them).
  fileLate: { mcp: true, packed: true, limit: 5, all: false, second: true, file: true, late: true },
  // memory store, lessons not awaited.
  late: { mcp: true, packed: true, limit: 5, all: false, second: true, late: true },
};
const chosen = argument('variants', Object.keys(variants).join(',')).split(',');

async function run(variant) {
  const name = (id) => (variant.mcp ? served(id) : id);
  const tools = dataset.tools.map((tool) =>
    variant.mcp
      ? {
          name: name(tool.name),
          description: tool.description,
          inputSchema: { type: 'object', properties: {} },
        }
      : tool,
  );
  const directory = variant.file ? await mkdtemp(join(tmpdir(), 'gap-')) : undefined;
  const store = directory
    ? fileExampleStore(join(directory, 'examples.jsonl'))
    : memoryExampleStore();
  const picker = await lexical({
    maxTokens: variant.packed ? 4000 : false,
    examples: store,
  }).index(tools);
  const pending = new Set();
  const first = new Float64Array(stream.length);
  const top5 = new Float64Array(stream.length);
  for (const [i, { query, relevant }] of stream.entries()) {
    const wanted = new Set(relevant.map(name));
    const found = (await picker.select(query, { limit: variant.limit })).picks.map((p) => p.name);
    first[i] = wanted.has(found[0]) ? 1 : 0;
    top5[i] = found.slice(0, 5).some((n) => wanted.has(n)) ? 1 : 0;
    const called = variant.all ? relevant : [relevant[0]];
    const taught = called.map((tool) => ({ query, tool: name(tool) }));
    if (variant.second && !top5[i]) {
      const words = toolWords(byId.get(relevant[0]));
      await picker.select(words, { limit: variant.limit });
      if (variant.teachSecond !== false) taught.push({ query: words, tool: name(relevant[0]) });
    }
    for (const example of taught) {
      if (!variant.late) await picker.learn([example]);
      else {
        const done = picker.learn([example]).finally(() => pending.delete(done));
        pending.add(done);
      }
    }
    // A client's next request comes a round trip later.
    if (variant.late) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  picker.dispose();
  await store.close?.();
  if (directory) await rm(directory, { recursive: true, force: true });
  return { first, top5 };
}

const mean = (values, from, to) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i];
  return ((100 * sum) / (to - from)).toFixed(1);
};
console.log(
  `| variant | ${windows
    .slice(1)
    .map((to, w) => `${windows[w]}–${to}`)
    .join(' | ')} |`,
);
for (const key of chosen) {
  const { first } = await run(variants[key]);
  console.log(
    `| ${key} hit@1 | ${windows
      .slice(1)
      .map((to, w) => mean(first, windows[w], to))
      .join(' | ')} |`,
  );
}

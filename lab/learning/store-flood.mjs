// What a flood leaves of earlier evidence (issue 37, item 2: ≥ 95% kept, memory growth ≤ 150 MB):
// each store, at its default bound of 100,000, is taught 2,000 examples (200 sources over 200
// tools, or all anonymous), then 100,000 flood examples in batches of 1,000. Prints how many
// earlier examples of the tools the flood did not target are kept, and the heap and RSS growth
// (after a GC) the flood cost.
// Run: pnpm lab lab/learning/store-flood.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryExampleStore } from '@shortlist/core';
import { fileExampleStore } from '@shortlist/learn/node';
import { redisExampleStore } from '@shortlist/redis';
import { startRedisServer } from '@shortlist/test-servers';

const floods = {
  'one source, one tool': (i) => ({ query: `flood ${i}`, tool: 'tool_0', source: 'attacker' }),
  'anonymous, one tool (everyone anonymous)': (i) => ({ query: `flood ${i}`, tool: 'tool_0' }),
  '100,000 sources, one tool': (i) => ({ query: `flood ${i}`, tool: 'tool_0', source: `s${i}` }),
  'one source, every tool': (i) => ({ query: `flood ${i}`, tool: `tool_${i % 200}`, source: 'a' }),
};
const earlier = (anonymous) =>
  Array.from({ length: 2_000 }, (_, i) => ({
    query: `earlier request ${i}`,
    tool: `tool_${i % 200}`,
    ...(anonymous ? {} : { source: `user ${i % 200}` }),
  }));
const megabytes = (bytes) => (bytes / 1e6).toFixed(0);
const memory = () => {
  globalThis.gc?.();
  return process.memoryUsage();
};

const server = await startRedisServer();
const dir = mkdtempSync(join(tmpdir(), 'store-flood-'));
const stores = {
  memory: () => memoryExampleStore(),
  file: (n) => fileExampleStore(join(dir, `flood-${n}.jsonl`), { fsync: false }),
  Redis: (n) => redisExampleStore({ redis: server.url, name: `flood-${n}`, timeoutMs: 5_000 }),
};
console.log('| store | flood | earlier kept (of other tools) | heap growth | RSS growth | time |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
let n = 0;
for (const [kind, open] of Object.entries(stores)) {
  for (const [name, flood] of Object.entries(floods)) {
    const store = open(n++);
    const taught = earlier(name.startsWith('anonymous'));
    await store.addExamples(taught);
    await store.readExamples();
    const before = memory();
    const started = performance.now();
    for (let from = 0; from < 100_000; from += 1_000)
      await store.addExamples(Array.from({ length: 1_000 }, (_, i) => flood(from + i)));
    const kept = (await store.readExamples()).filter(
      (example) => example.query.startsWith('earlier') && example.tool !== 'tool_0',
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const after = memory();
    const others = taught.filter((example) => example.tool !== 'tool_0').length;
    console.log(
      `| ${kind} | ${name} | ${kept.length} of ${others} | ${megabytes(after.heapUsed - before.heapUsed)} MB | ${megabytes(after.rss - before.rss)} MB | ${seconds} s |`,
    );
    await store.close?.();
  }
}
rmSync(dir, { recursive: true, force: true });
await server.stop();

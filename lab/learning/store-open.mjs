// How long opening an example store takes when it holds N examples and N forgets (issue 37:
// tombstones are applied in one pass, so this grows linearly). Writes the file in the file
// store's own line format (packages/learn/src/example-log-format.ts), and the same entries to a
// Redis stream (packages/redis/src/example-entries.ts) of a redis-server it starts, then opens
// each three times.
// Run: pnpm lab lab/learning/store-open.mjs [N ...]   (default 10000 100000)
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fileExampleStore } from '@shortlist/learn/node';
import { redisExampleStore } from '@shortlist/redis';
import { startRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';

const header = `${JSON.stringify({ format: 'shortlist-examples', version: 1 })}\n`;
const line = (record) => {
  const body = JSON.stringify({ v: 1, ...record });
  return `${body.slice(0, -1)},"c":"${crc32(body).toString(16).padStart(8, '0')}"}\n`;
};
const request = (i) => `#sl1 ${i.toString(16).padStart(16, '0')}`;
/** Half the forgets name a request, half a tool; every example is forgotten. */
const forget = (i) => (i % 2 === 0 ? { query: request(i) } : { tool: `tool_${i}` });

/**
 * Opens a store three times: the median time to read its examples and this process's CPU time
 * meanwhile (less swayed by a loaded machine; Redis's own time not included), and how many are live.
 */
const openThrice = async (open) => {
  const times = [];
  const cpu = [];
  let live = -1;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const used = process.cpuUsage();
    const store = open();
    live = (await store.readExamples()).length;
    times.push(performance.now() - started);
    const { user, system } = process.cpuUsage(used);
    cpu.push((user + system) / 1000);
    await store.close();
  }
  const median = (values) => values.sort((a, b) => a - b)[1].toFixed(0);
  return `${median(times)} ms, CPU ${median(cpu)} ms (${live} live)`;
};

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const server = await startRedisServer();
const client = new Redis(server.url);
console.log(
  '| store | examples | forgets (by request, by tool) | size | open (wall, CPU), median of 3 |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const n of sizes.length > 0 ? sizes : [10_000, 100_000]) {
  const count = n.toLocaleString('en');
  const dir = mkdtempSync(join(tmpdir(), 'store-open-'));
  const path = join(dir, 'examples.jsonl');
  const at = Date.now();
  const parts = [header];
  for (let i = 0; i < n; i++)
    parts.push(line({ add: { query: request(i), tool: `tool_${i}`, at } }));
  for (let i = 0; i < n; i++) parts.push(line({ forget: forget(i) }));
  writeFileSync(path, parts.join(''));
  const size = (statSync(path).size / 1e6).toFixed(1);
  const file = await openThrice(() => fileExampleStore(path, { maxExamples: n }));
  console.log(`| file | ${count} | ${count} | ${size} MB | ${file} |`);
  rmSync(dir, { recursive: true, force: true });

  // The same entries in a stream, as redisExampleStore writes them (a forget it writes also
  // deletes the entries it forgets; a stream written by another tool may hold both).
  const stream = `lab:examples:${n}`;
  for (let from = 0; from < 2 * n; from += 10_000) {
    const batch = client.pipeline();
    for (let i = from; i < Math.min(2 * n, from + 10_000); i++) {
      if (i < n) {
        const fields = ['query', request(i), 'tool', `tool_${i}`, 'helpful', '1', 'at', String(at)];
        batch.xadd(stream, '*', 'op', 'add', ...fields);
      } else batch.xadd(stream, '*', 'op', 'forget', 'selector', JSON.stringify(forget(i - n)));
    }
    await batch.exec();
  }
  const bytes = Number(await client.call('MEMORY', 'USAGE', stream));
  const redis = await openThrice(() =>
    redisExampleStore({ redis: server.url, prefix: 'lab:', name: String(n), maxExamples: n }),
  );
  console.log(`| Redis | ${count} | ${count} | ${(bytes / 1e6).toFixed(1)} MB | ${redis} |`);
}
client.disconnect();
await server.stop();

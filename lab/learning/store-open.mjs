// How long opening a file example store takes when it holds N examples and N forgets (issue 37:
// tombstones are applied in one pass, so this grows linearly). Writes the file in the store's
// own line format (packages/learn/src/example-log-format.ts), then opens it three times.
// Run: pnpm lab lab/learning/store-open.mjs [N ...]   (default 10000 100000)
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fileExampleStore } from '@shortlist/learn/node';

const header = `${JSON.stringify({ format: 'shortlist-examples', version: 1 })}\n`;
const line = (record) => {
  const body = JSON.stringify({ v: 1, ...record });
  return `${body.slice(0, -1)},"c":"${crc32(body).toString(16).padStart(8, '0')}"}\n`;
};
const request = (i) => `#sl1 ${i.toString(16).padStart(16, '0')}`;

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
console.log('| examples | forgets (by request, by tool) | file | open, median of 3 |');
console.log('| ---: | ---: | ---: | ---: |');
for (const n of sizes.length > 0 ? sizes : [10_000, 100_000]) {
  const dir = mkdtempSync(join(tmpdir(), 'store-open-'));
  const path = join(dir, 'examples.jsonl');
  const at = Date.now();
  const parts = [header];
  for (let i = 0; i < n; i++)
    parts.push(line({ add: { query: request(i), tool: `tool_${i}`, at } }));
  // Half the forgets name a request, half a tool; every example is forgotten.
  for (let i = 0; i < n; i++)
    parts.push(line({ forget: i % 2 === 0 ? { query: request(i) } : { tool: `tool_${i}` } }));
  writeFileSync(path, parts.join(''));
  const times = [];
  let live = -1;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const store = fileExampleStore(path, { maxExamples: n });
    live = (await store.readExamples()).length;
    times.push(performance.now() - started);
    await store.close();
  }
  times.sort((a, b) => a - b);
  const mb = (statSync(path).size / 1e6).toFixed(1);
  console.log(
    `| ${n.toLocaleString('en')} | ${n.toLocaleString('en')} | ${mb} MB | ${times[1].toFixed(0)} ms (${live} live) |`,
  );
  rmSync(dir, { recursive: true, force: true });
}

// Speed of the default pipeline against bm25 alone: index build time, snapshot restore time in a
// fresh process, and select p50/p99 of lexical() (packed, as shipped, and unpacked) and
// pipe(bm25()) at 1,000, 10,000 and 100,000 synthetic tools with parameter descriptions, and their
// ratios; plus scoped selects (`only`: one domain's tools, and 100 names). Run `pnpm bench:lexical`
// from the repository root; add sizes as arguments to change them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';

const QUERIES = 1000;
const ROUNDS = 3;
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (values) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

async function measure(size) {
  const tools = generateCatalogue({ size, seed: 1 });
  const asked = generateQueries(tools, { count: QUERIES, seed: 3 }).map((q) => q.query);
  const runs = size >= 10_000 ? 3 : 7;
  // Builds alternate so both see the same machine state.
  const builds = { bm25: [], lexical: [] };
  const pickers = {};
  for (let i = 0; i < runs; i++) {
    for (const [name, make] of [
      ['bm25', () => pipe(bm25())],
      ['lexical', () => lexical()],
    ]) {
      pickers[name]?.dispose();
      globalThis.gc?.();
      const t = performance.now();
      pickers[name] = await make().index(tools);
      builds[name].push(performance.now() - t);
    }
  }
  // Restore: each picker's snapshot written to files, read back by a fresh Node process.
  const restores = { bm25: [], lexical: [] };
  const folder = mkdtempSync(join(tmpdir(), 'lexical-speed-'));
  for (const name of ['bm25', 'lexical']) {
    const dir = join(folder, name);
    mkdirSync(dir);
    for (const [id, bytes] of Object.entries(pickers[name].snapshot()))
      writeFileSync(join(dir, `${id}.bin`), bytes);
  }
  for (let i = 0; i < runs; i++) {
    for (const name of ['bm25', 'lexical']) {
      const child = new URL('./lexical-restore.mjs', import.meta.url).pathname;
      const out = execFileSync(process.execPath, [
        '--expose-gc',
        child,
        name,
        String(size),
        join(folder, name),
      ]);
      restores[name].push(Number(out.toString().trim()));
    }
  }
  rmSync(folder, { recursive: true, force: true });
  const unpacked = await lexical({ maxTokens: false }).index(tools);
  const hundred = tools
    .filter((_, i) => i % Math.max(1, Math.floor(size / 100)) === 0)
    .slice(0, 100);
  const hundredNames = hundred.map((tool) => tool.name);
  const domain = tools[0].name.split('_')[0];
  const selects = {
    bm25: (q) => pickers.bm25.select(q, { limit: 5 }),
    lexical: (q) => pickers.lexical.select(q, { limit: 5 }),
    unpacked: (q) => unpacked.select(q, { limit: 5 }),
    scoped: (q) => pickers.lexical.select(q, { limit: 5, only: `${domain}_*` }),
    hundred: (q) => pickers.lexical.select(q, { limit: 5, only: hundredNames }),
  };
  const times = Object.fromEntries(Object.keys(selects).map((name) => [name, []]));
  for (const query of asked.slice(0, 100))
    for (const run of Object.values(selects)) await run(query); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of asked) {
      for (const [name, run] of Object.entries(selects)) {
        const t = performance.now();
        await run(query);
        times[name].push(performance.now() - t);
      }
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const share = tools.filter((tool) => tool.name.startsWith(`${domain}_`)).length / tools.length;
  return {
    size,
    builds: { bm25: median(builds.bm25), lexical: median(builds.lexical) },
    restores: { bm25: median(restores.bm25), lexical: median(restores.lexical) },
    times,
    share,
  };
}

const ms = (value) => value.toFixed(3);
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
console.log(
  `lexical() against bm25 alone: synthetic tools with parameters (@shortlist/bench, seed 1), limit 5, ${ROUNDS}×${QUERIES} selects interleaved; Node ${process.version}\n`,
);
console.log(
  '| tools | build bm25 ms | build lexical() ms | build ratio | restore bm25 ms | restore lexical() ms | select | p50 ms | p99 ms | p50 ratio to bm25 | p99 ratio to bm25 p50 |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const size of sizes.length > 0 ? sizes : [1000, 10000, 100000]) {
  const r = await measure(size);
  const base = quantile(r.times.bm25, 0.5);
  const rows = [
    ['bm25 alone', r.times.bm25],
    ['lexical() (packed)', r.times.lexical],
    ['lexical({ maxTokens: false })', r.times.unpacked],
    [`lexical() only one domain (${(r.share * 100).toFixed(1)}% of tools)`, r.times.scoped],
    ['lexical() only 100 names', r.times.hundred],
  ];
  rows.forEach(([label, list], i) => {
    const head =
      i === 0
        ? `| ${size.toLocaleString('en')} | ${ms(r.builds.bm25)} | ${ms(r.builds.lexical)} | ${ratio(r.builds.lexical, r.builds.bm25)} | ${ms(r.restores.bm25)} | ${ms(r.restores.lexical)}`
        : '| | | | | |';
    console.log(
      `${head} | ${label} | ${ms(quantile(list, 0.5))} | ${ms(quantile(list, 0.99))} | ${ratio(quantile(list, 0.5), base)} | ${ratio(quantile(list, 0.99), base)} |`,
    );
  });
}

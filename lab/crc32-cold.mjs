// Snapshot checksums in a process that has just started: zlib's native CRC-32 (what core uses in
// Node) against core's portable loop (what edge runtimes and browsers run), each in a fresh Node
// process per size, median of 5. Run after building core: node lab/crc32-cold.mjs
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const portable = fileURLToPath(new URL('../packages/core/dist/util/crc32.js', import.meta.url));
const child = `
const { crc32 } = await import('node:zlib');
const { portableCrc32 } = await import(${JSON.stringify(portable)});
const [how, size] = [process.argv[1], Number(process.argv[2])];
const bytes = new Uint8Array(size);
for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
const run = how === 'native' ? crc32 : portableCrc32;
const start = performance.now();
const value = run(bytes);
console.log(JSON.stringify({ ms: performance.now() - start, value }));`;

const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
console.log(
  '| bytes | zlib native (ms) | portable (ms) | same value |\n| ---: | ---: | ---: | --- |',
);
for (const size of [100_000, 1_000_000, 10_000_000]) {
  const row = {};
  for (const how of ['native', 'portable']) {
    const runs = Array.from({ length: 5 }, () => {
      const out = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', child, how, String(size)],
        {
          encoding: 'utf8',
        },
      );
      if (out.status !== 0) throw new Error(out.stderr);
      return JSON.parse(out.stdout);
    });
    row[how] = { ms: median(runs.map((r) => r.ms)), value: runs[0].value };
  }
  const same = row.native.value === row.portable.value ? 'yes' : 'NO';
  console.log(
    `| ${size.toLocaleString('en')} | ${row.native.ms.toFixed(2)} | ${row.portable.ms.toFixed(2)} | ${same} |`,
  );
}

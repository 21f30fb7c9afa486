// Child of lexical-speed.mjs: restores lexical() or bm25 from a snapshot file in a fresh process
// and prints the restore time in ms (the catalogue is generated and read, and its garbage
// collected, before the clock starts: run with --expose-gc).
// Usage: node lab/lexical-restore.mjs <lexical|bm25> <size> <folder of <ranker id>.bin files>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCatalogue } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';

const [which, size, folder] = process.argv.slice(2);
const tools = generateCatalogue({ size: Number(size), seed: 1 });
const snapshots = Object.fromEntries(
  readdirSync(folder).map((file) => [file.replace(/\.bin$/, ''), readFileSync(join(folder, file))]),
);
globalThis.gc?.();
const t = performance.now();
const picker = await (which === 'bm25' ? pipe(bm25()) : lexical()).restore(tools, snapshots);
const ms = performance.now() - t;
await picker.select('send an email', { limit: 5 });
console.log(ms.toFixed(3));

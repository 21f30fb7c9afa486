/**
 * What a smaller built-in table would cost: the upper bound's mean excess over gpt-tokenizer's
 * exact count when merging with only the N lowest ranks of o200k_base, and that table's size
 * gzipped as a bundler emits it (what a page fetches before its first pick). At 40,000 it is the
 * shipped counter (checked against upperBoundTokenizer). Run: `pnpm lab lab/budget/bound-by-ranks.ts`.
 */
import { gzipSync } from 'node:zlib';
import { definitionText, gptTokenizer, upperBoundTokenizer } from '@shortlist/budget';
import { bytePairCount } from '../../packages/budget/src/byte-pair-count.js';
import * as head from '../../packages/budget/src/vocabulary/o200k-base-head.js';
import * as tail from '../../packages/budget/src/vocabulary/o200k-base-tail.js';
import { benchmarkFolders, readBenchmarkTools } from './read-benchmark.js';

const o200k = { lengths: head.lengths + tail.lengths, bytes: head.bytes + tail.bytes };
const tokens: string[] = [];
for (let rank = 0, at = 0; rank < o200k.lengths.length; rank++) {
  const end = at + o200k.lengths.charCodeAt(rank) - 48;
  tokens.push(o200k.bytes.slice(at, end));
  at = end;
}
const splitter = new RegExp(head.pattern, 'gu');
const latin1 = (piece: string): string => Buffer.from(piece, 'utf8').toString('latin1');

/** The upper bound with the first `ranks` tokens only, as upper-bound-tokenizer.ts counts. */
function boundWith(ranks: number): (text: string) => number {
  const map = new Map(tokens.slice(0, ranks).map((token, rank) => [token, rank]));
  return (text) => {
    let sum = 0;
    for (const [piece] of text.matchAll(splitter)) sum += bytePairCount(latin1(piece), map);
    return sum;
  };
}

const texts = benchmarkFolders.flatMap((folder) =>
  readBenchmarkTools(folder).map((tool) => definitionText(tool, 'openai-chat')),
);
const exact = await gptTokenizer({ encoding: 'o200k_base' });
const shipped = await upperBoundTokenizer({ encoding: 'o200k_base' });
const exactCounts = texts.map((text) => exact.count(text));
console.log(`${texts.length} definitions (openai-chat) of ${benchmarkFolders.join(', ')}`);
console.log('| ranks | table gzipped | mean over exact | most over | same as shipped |');
console.log('| ---: | ---: | ---: | ---: | --- |');
for (const ranks of [5_000, 8_000, 10_000, 12_000, 15_000, 20_000, 40_000]) {
  const count = boundWith(ranks);
  const counts = texts.map(count);
  const over = counts.map((bound, i) => (bound - exactCounts[i]!) / exactCounts[i]!);
  const module = `export const lengths=${JSON.stringify(o200k.lengths.slice(0, ranks))};export const bytes=${JSON.stringify(tokens.slice(0, ranks).join(''))};`;
  const same =
    ranks === 40_000 ? String(counts.every((c, i) => c === shipped.count(texts[i]!))) : '';
  console.log(
    `| ${ranks} | ${(gzipSync(module).length / 1000).toFixed(1)} kB | ${((100 * over.reduce((a, b) => a + b, 0)) / over.length).toFixed(1)}% | ${(100 * Math.max(...over)).toFixed(1)}% | ${same} |`,
  );
}

/**
 * Times gpt-tokenizer against tiktoken on every OpenAI Chat definition of ../shared/benchmarks
 * (warm, after one untimed pass) and checks they count identically.
 * Run: `pnpm lab lab/budget/tokenizer-speed.ts`.
 */

import type { TokenCounter, TokenEncoding } from '@shortlist/budget';
import { definitionText, gptTokenizer, tiktokenTokenizer } from '@shortlist/budget';
import { benchmarkFolders, readBenchmarkTools } from './read-benchmark.js';

const texts = benchmarkFolders.flatMap((folder) =>
  readBenchmarkTools(folder).map((tool) => definitionText(tool, 'openai-chat')),
);

const timeLoad = async (make: () => Promise<TokenCounter>) => {
  const start = performance.now();
  const counter = await make();
  return { counter, loadMs: performance.now() - start };
};

/** Microseconds a definition, over all definitions; the rounds alternate so load noise hits both. */
const timeRound = (counter: TokenCounter): number => {
  const start = performance.now();
  for (const text of texts) counter.count(text);
  return ((performance.now() - start) * 1000) / texts.length;
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

console.log(`${texts.length} definitions (openai-chat JSON) from ${benchmarkFolders.join(', ')}`);
console.log(
  '| encoding | gpt-tokenizer µs/def | tiktoken µs/def | tiktoken ÷ gpt-tokenizer | load ms (gpt / tiktoken) | identical counts |',
);
console.log('|---|---|---|---|---|---|');
for (const encoding of ['o200k_base', 'cl100k_base'] as TokenEncoding[]) {
  const js = await timeLoad(() => gptTokenizer({ encoding }));
  const wasm = await timeLoad(() => tiktokenTokenizer({ encoding }));
  let identical = 0;
  for (const text of texts) if (js.counter.count(text) === wasm.counter.count(text)) identical++;
  const jsRounds: number[] = [];
  const wasmRounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    jsRounds.push(timeRound(js.counter));
    wasmRounds.push(timeRound(wasm.counter));
  }
  const a = median(jsRounds);
  const b = median(wasmRounds);
  console.log(
    `| ${encoding} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(1)}× | ${js.loadMs.toFixed(0)} / ${wasm.loadMs.toFixed(0)} | ${identical}/${texts.length} |`,
  );
  wasm.counter.dispose?.();
}

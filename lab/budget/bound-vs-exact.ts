/**
 * How far the default upper-bound counter is above gpt-tokenizer's exact count, on every tool of
 * ../shared/benchmarks as an OpenAI Chat definition, and how fast each counts (warm, second pass).
 * Run: `pnpm lab lab/budget/bound-vs-exact.ts`.
 */
import type { TokenEncoding } from '@shortlist/budget';
import { definitionText, gptTokenizer, upperBoundTokenizer } from '@shortlist/budget';
import { benchmarkFolders, readBenchmarkTools } from './read-benchmark.js';

const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;

/** Microseconds a text, counting every text once to warm up and once timed. */
function microseconds(count: (text: string) => number, texts: readonly string[]): number {
  for (const text of texts) count(text);
  const start = performance.now();
  for (const text of texts) count(text);
  return ((performance.now() - start) * 1000) / texts.length;
}

console.log(
  '| folder | encoding | tools | mean exact | mean bound | mean over | most over | under exact | bound µs/def | exact µs/def |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const encoding of ['o200k_base', 'cl100k_base'] as TokenEncoding[]) {
  const exact = await gptTokenizer({ encoding });
  const bound = await upperBoundTokenizer({ encoding });
  for (const folder of benchmarkFolders) {
    const texts = readBenchmarkTools(folder).map((tool) => definitionText(tool, 'openai-chat'));
    let exactSum = 0;
    let boundSum = 0;
    let over = 0;
    let most = 0;
    let under = 0;
    for (const text of texts) {
      const [e, b] = [exact.count(text), bound.count(text)];
      exactSum += e;
      boundSum += b;
      over += (b - e) / e;
      most = Math.max(most, (b - e) / e);
      if (b < e) under++;
    }
    const n = texts.length;
    console.log(
      `| ${folder} | ${encoding} | ${n} | ${(exactSum / n).toFixed(1)} | ${(boundSum / n).toFixed(1)} | ${percent(over / n)} | ${percent(most)} | ${under} | ${microseconds(bound.count, texts).toFixed(1)} | ${microseconds(exact.count, texts).toFixed(1)} |`,
    );
  }
}

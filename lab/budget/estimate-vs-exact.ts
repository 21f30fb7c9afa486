/**
 * How close OpenAI's published function-token estimate is to counting the JSON definition
 * exactly, on every tool of ../shared/benchmarks. Run: `pnpm lab lab/budget/estimate-vs-exact.ts`.
 */

import type { TokenEncoding } from '@shortlist/budget';
import { definitionText, gptTokenizer } from '@shortlist/budget';
import { estimateFunctionTokens } from '../../packages/budget/src/function-token-estimate.js';
import { benchmarkFolders, readBenchmarkTools } from './read-benchmark.js';

const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;

console.log(
  '| folder | encoding | tools | mean exact | mean estimate | mean abs % diff | mean signed % diff | estimate < exact |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const encoding of ['o200k_base', 'cl100k_base'] as TokenEncoding[]) {
  const counter = await gptTokenizer({ encoding });
  for (const folder of benchmarkFolders) {
    const tools = readBenchmarkTools(folder);
    let exactSum = 0;
    let estimateSum = 0;
    let absDiff = 0;
    let signedDiff = 0;
    let lower = 0;
    for (const tool of tools) {
      const exact = counter.count(definitionText(tool, 'openai-chat'));
      const estimate = estimateFunctionTokens(tool, counter);
      exactSum += exact;
      estimateSum += estimate;
      absDiff += Math.abs(estimate - exact) / exact;
      signedDiff += (estimate - exact) / exact;
      if (estimate < exact) lower++;
    }
    const n = tools.length;
    console.log(
      `| ${folder} | ${encoding} | ${n} | ${(exactSum / n).toFixed(1)} | ${(estimateSum / n).toFixed(1)} | ${percent(absDiff / n)} | ${percent(signedDiff / n)} | ${percent(lower / n)} |`,
    );
  }
}

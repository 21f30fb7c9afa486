/**
 * How often, and by how much, `strategy: 'optimal'` keeps more relevance than `'greedy'` within a
 * 2,000-token budget: bm25 ranks each query's top 20 over a folder of ../shared/benchmarks, both
 * strategies pack that window (gpt-4o, openai-chat definitions), and we compare the kept
 * rank-discounted relevance and the number of relevant tools kept.
 * Run: `pnpm lab lab/budget/greedy-vs-optimal.ts` (every query; env QUERIES=n samples n a folder).
 */
import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { pipe } from '@shortlist/core';
import type { PackCandidate, PackResult } from '@shortlist/core/kit';
import { keptRelevance } from '../../packages/budget/src/costed-candidate.js';
import {
  benchmarkFolders,
  everyNth,
  readBenchmarkQueries,
  readBenchmarkTools,
} from './read-benchmark.js';

const MAX_TOKENS = 2000;
const WINDOW = 20;
const QUERIES = Number(process.env.QUERIES ?? Number.POSITIVE_INFINITY);
const EPSILON = 1e-9;

const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
const pct = (value: number): string => `${(100 * value).toFixed(1)}%`;

interface Row {
  greedy: number;
  optimal: number;
  greedyRelevant: number;
  optimalRelevant: number;
  greedyKept: number;
  optimalKept: number;
  greedyTokens: number;
  optimalTokens: number;
}

console.log(
  `budget ${MAX_TOKENS} tokens, bm25 top-${WINDOW} window, gpt-4o / openai-chat, ${Number.isFinite(QUERIES) ? `up to ${QUERIES} queries a folder (evenly spaced)` : 'every query'}`,
);
console.log(
  '| folder | limit | queries | optimal > greedy | mean gain when better | mean gain, all queries | relevant kept (greedy → optimal) | optimal keeps more / fewer relevant | tools kept (greedy → optimal) | tokens used (greedy → optimal) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
const timingLines: string[] = [];
for (const folder of benchmarkFolders) {
  const tools = readBenchmarkTools(folder);
  const queries = everyNth(readBenchmarkQueries(folder), QUERIES);
  const picker = await pipe(bm25()).index(tools);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const greedy = budget(MAX_TOKENS, { model: 'gpt-4o' });
  const optimal = budget(MAX_TOKENS, { model: 'gpt-4o', strategy: 'optimal' });
  const windows: { candidates: PackCandidate[]; relevant: Set<string> }[] = [];
  for (const query of queries) {
    const [source] = await picker.rankings(query.query, { limit: WINDOW });
    const candidates = source!.ranking.map((entry, i) => ({
      name: entry.name,
      tool: byName.get(entry.name)!,
      score: entry.score,
      rank: i + 1,
    }));
    windows.push({ candidates, relevant: new Set(query.relevant) });
  }
  for (const limit of [5, WINDOW]) {
    const rows: Row[] = [];
    for (const { candidates, relevant } of windows) {
      const rankOf = new Map(candidates.map((c) => [c.tool.name, c.rank]));
      const score = (result: PackResult) =>
        keptRelevance(result.kept.map((k) => ({ rank: rankOf.get(k.name)! })));
      const hits = (result: PackResult) => result.kept.filter((k) => relevant.has(k.name)).length;
      const g = await greedy.doPack(candidates, { limit });
      const o = await optimal.doPack(candidates, { limit });
      rows.push({
        greedy: score(g),
        optimal: score(o),
        greedyRelevant: hits(g),
        optimalRelevant: hits(o),
        greedyKept: g.kept.length,
        optimalKept: o.kept.length,
        greedyTokens: g.totalTokens,
        optimalTokens: o.totalTokens,
      });
    }
    const better = rows.filter((r) => r.optimal > r.greedy + EPSILON);
    const gain = (r: Row) => (r.greedy > 0 ? (r.optimal - r.greedy) / r.greedy : 0);
    const more = rows.filter((r) => r.optimalRelevant > r.greedyRelevant).length;
    const fewer = rows.filter((r) => r.optimalRelevant < r.greedyRelevant).length;
    console.log(
      `| ${folder} | ${limit} | ${rows.length} | ${pct(better.length / rows.length)} | +${pct(mean(better.map(gain)))} | +${pct(mean(rows.map(gain)))} | ${mean(rows.map((r) => r.greedyRelevant)).toFixed(3)} → ${mean(rows.map((r) => r.optimalRelevant)).toFixed(3)} | ${pct(more / rows.length)} / ${pct(fewer / rows.length)} | ${mean(rows.map((r) => r.greedyKept)).toFixed(2)} → ${mean(rows.map((r) => r.optimalKept)).toFixed(2)} | ${mean(rows.map((r) => r.greedyTokens)).toFixed(0)} → ${mean(rows.map((r) => r.optimalTokens)).toFixed(0)} |`,
    );
  }
  // Warm packing time: every window's costs are cached by now, so this is the strategies alone.
  const timings = [greedy, optimal].map((packer) => {
    const start = performance.now();
    for (const { candidates } of windows) packer.doPack(candidates, { limit: WINDOW });
    return ((performance.now() - start) * 1000) / windows.length;
  });
  timingLines.push(
    `${folder}: µs a pack of ${WINDOW} candidates, limit ${WINDOW} (warm): greedy ${timings[0]!.toFixed(1)}, optimal ${timings[1]!.toFixed(1)}`,
  );
  picker.dispose();
  greedy.doDispose?.();
  optimal.doDispose?.();
}
for (const line of timingLines) console.log(line);

/**
 * What a shallower fusion head would buy and cost (docs/figures/lexical.md, What sets the select
 * and build ratios): every ranker of `lexical()` is read 40 deep so the z-scores and the prefix
 * property hold; bm25 alone is timed at limit 5. Prints select p50 at 10,000 synthetic tools for
 * bm25 at limits 5 and 40 and for the fusion at heads 40, 20 and 10 in one run, then nDCG@10 and
 * hit@1 of each shallower head against head 40, paired. Run: pnpm lab lab/lexical/head-depth.ts
 */
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { type Picker, type Pipeline, pipe } from '@shortlist/core';
import { loadDataset, pairedBootstrap } from '@shortlist/eval';
import { weighted } from '@shortlist/fusion';
import { lexicalFusion, lexicalRankers, withAbstention } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';
import { queryScores } from './variant-runs.js';

const { weights } = lexicalFusion().config;
const atHead = (head: number): Pipeline =>
  pipe(...lexicalRankers()).fuse(withAbstention(weighted({ normalize: 'zscore', head, weights })));
const heads = [40, 20, 10];

const tools = generateCatalogue({ size: 10_000, seed: 1 });
const asked = generateQueries(tools, { count: 1000, seed: 3 }).map((q) => q.query);

/** Median select time over three rounds of every query, after one warm-up round. */
async function p50(picker: Picker, limit: number): Promise<number> {
  for (const query of asked) await picker.select(query, { limit });
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of asked) {
      const start = performance.now();
      await picker.select(query, { limit });
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const alone = await pipe(bm25()).index(tools);
const pickers = await Promise.all(heads.map((head) => atHead(head).index(tools)));
const base = await p50(alone, 5);
console.log(
  `bm25 alone: limit 5 ${base.toFixed(3)} ms, limit 40 ${(await p50(alone, 40)).toFixed(3)} ms`,
);
for (const [i, head] of heads.entries()) {
  const ms = await p50(pickers[i]!, 5);
  console.log(
    `head ${head}: select p50 ${ms.toFixed(3)} ms (${(ms / base).toFixed(1)}× bm25 at limit 5)`,
  );
}
for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const packed = (head: number) => atHead(head).pack(budget(4000, { model: 'gpt-4o' }));
  const reference = await queryScores(packed(40), dataset);
  for (const head of heads.slice(1)) {
    const variant = await queryScores(packed(head), dataset);
    console.log(
      `${set}, head ${head} − head 40: nDCG@10 ${percent(pairedBootstrap(variant.ndcg, reference.ndcg))}, hit@1 ${percent(pairedBootstrap(variant.hit, reference.hit))}`,
    );
  }
}

/**
 * What reading fewer postings or indexing fewer tokens would cost (docs/figures/lexical.md, What
 * sets the select and build ratios): word pieces keeping fewer query pieces, and word pairs or
 * pieces skipping parameter descriptions. Prints the pieces ranker's select time and lexical()'s
 * build time at 10,000 synthetic tools, then nDCG@10 and hit@1 against lexical() on each shared
 * set, paired. Run: pnpm lab lab/lexical/speed-tradeoffs.ts
 */
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { budget } from '@shortlist/budget';
import { pipe, type RankerV1 } from '@shortlist/core';
import { loadDataset, pairedBootstrap } from '@shortlist/eval';
import { lexical, wordBigrams, wordPieces } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';
import { lexicalWith, queryScores } from './variant-runs.js';

const withoutParameters = { parameterDescriptions: 0, enumValues: 0 };
const pieces = (maxQueryTerms: number, cut = false) =>
  tfidf({
    id: 'pieces',
    tokenizer: wordPieces(4),
    maxQueryTerms,
    ...(cut ? { fieldWeights: withoutParameters } : {}),
  });
const pairs = () =>
  tfidf({ id: 'bigrams', tokenizer: wordBigrams(), fieldWeights: withoutParameters });

const variants: Record<string, () => RankerV1[]> = {
  'pieces keep 8 query pieces': () => [pieces(8)],
  'pieces keep 6': () => [pieces(6)],
  'pieces keep 4': () => [pieces(4)],
  'pairs skip parameter descriptions': () => [pairs()],
  'pieces skip them': () => [pieces(12, true)],
  'both skip them': () => [pieces(12, true), pairs()],
};

const tools = generateCatalogue({ size: 10_000, seed: 1 });
const asked = generateQueries(tools, { count: 1000, seed: 3 }).map((q) => q.query);
for (const cap of [12, 8, 6, 4]) {
  const picker = await pipe(pieces(cap)).index(tools);
  for (const query of asked) await picker.select(query, { limit: 40 });
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    for (const query of asked) await picker.select(query, { limit: 40 });
    best = Math.min(best, (performance.now() - start) / asked.length);
  }
  console.log(`pieces alone, ${cap} query pieces: select ${best.toFixed(3)} ms (least of 3 means)`);
}
for (const [label, make] of [['lexical()', () => []] as const, ...Object.entries(variants)]) {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    (await lexicalWith(...make()).index(tools)).dispose();
    best = Math.min(best, performance.now() - start);
  }
  console.log(`${label}: build ${best.toFixed(0)} ms (least of 3)`);
}
for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const base = await queryScores(lexical(), dataset);
  for (const [label, make] of Object.entries(variants)) {
    const packed = lexicalWith(...make()).pack(budget(4000, { model: 'gpt-4o' }));
    const variant = await queryScores(packed, dataset);
    console.log(
      `${set}, ${label} − lexical(): nDCG@10 ${percent(pairedBootstrap(variant.ndcg, base.ndcg))}, hit@1 ${percent(pairedBootstrap(variant.hit, base.hit))}`,
    );
  }
}

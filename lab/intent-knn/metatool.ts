/**
 * MetaTool experiment for intent(): trains on the `train` split, scores the `test` split.
 * Usage: pnpm lab lab/intent-knn/metatool.ts [--neighbours 5] [--exponent 1] [--dimensions 1024]
 *   [--count-exponent 0] [--tool-text 0|1]
 * Pick the settings with `tune-metatool`, which never looks at the test split.
 */
import { bm25 } from '@shortlist/bm25';
import { cached, type EmbedderV1, memoryStore, pipe } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import {
  bootstrapInterval,
  type DatasetQuery,
  loadDataset,
  pairedBootstrap,
} from '@shortlist/eval';
import { rrf } from '@shortlist/fusion';
import { type IntentOptions, intent } from '@shortlist/intent-knn';
import { lexicalEmbedder } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';
import { percent, rankAll, scoreRankings } from '../ranking-scores.js';
import { examplesOf } from './intent-examples.js';

const dir = `${benchmarksDir}/metatool`;
const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};

/** Ranks queries with bm25() and intent() through one picker; returns each query's sources. */
async function run(
  tools: Parameters<ReturnType<typeof pipe>['index']>[0],
  train: readonly DatasetQuery[],
  queries: readonly DatasetQuery[],
  embedder: EmbedderV1,
  settings: Pick<IntentOptions, 'neighbours' | 'exponent' | 'countExponent' | 'toolText'>,
): Promise<SourceRanking[][]> {
  const picker = await pipe(bm25(), intent({ examples: examplesOf(train), embedder, ...settings }))
    .fuse(rrf())
    .index(tools);
  return rankAll(picker, queries);
}

type System = 'bm25' | 'intent' | 'fused';
const fusion = rrf();
const metrics = (rankings: SourceRanking[][], queries: readonly DatasetQuery[], system: System) =>
  scoreRankings(rankings, queries, system === 'fused' ? fusion : system);

const dataset = await loadDataset(dir);
const train = dataset.queries.filter((q) => q.split === 'train');
const test = dataset.queries.filter((q) => q.split === 'test');
// IDF is fitted on what a deployment would have: tool descriptions and the training queries.
const embedder = cached(
  lexicalEmbedder({
    corpus: [...dataset.tools.map((t) => t.description), ...train.map((q) => q.query)],
    dimensions: argument('dimensions', 1024),
  }),
  { store: memoryStore({ maxEntries: 100_000 }) },
);
const neighbours = argument('neighbours', 5);
const exponent = argument('exponent', 1);
const countExponent = argument('count-exponent', 0);
const toolText = argument('tool-text', 0) === 1;

console.log(
  `MetaTool: ${dataset.tools.length} tools, ${examplesOf(train).length} examples from ${train.length} train queries, ${test.length} test queries; neighbours=${neighbours} exponent=${exponent} countExponent=${countExponent} toolText=${toolText}; embedder ${embedder.modelId.slice(0, 40)}`,
);
const rankings = await run(dataset.tools, train, test, embedder, {
  neighbours,
  exponent,
  countExponent,
  toolText,
});
const scores = Object.fromEntries(
  (['bm25', 'intent', 'fused'] as const).map((system) => [system, metrics(rankings, test, system)]),
) as Record<System, { hit: Float64Array; ndcg: Float64Array }>;
console.log('\n| system (test split) | hit@1 % [95% CI] | nDCG@10 % [95% CI] |\n|---|---|---|');
for (const system of ['bm25', 'intent', 'fused'] as const) {
  const label = system === 'fused' ? 'rrf(bm25, intent)' : `${system}()`;
  console.log(
    `| ${label} | ${percent(bootstrapInterval(scores[system].hit))} | ${percent(bootstrapInterval(scores[system].ndcg))} |`,
  );
}
for (const metric of ['hit', 'ndcg'] as const) {
  const difference = pairedBootstrap(scores.fused[metric], scores.bm25[metric]);
  console.log(
    `\nrrf(bm25, intent) − bm25, ${metric === 'hit' ? 'hit@1' : 'nDCG@10'}: ${percent(difference)} points, fused ahead in ${(difference.shareAGreater * 100).toFixed(1)}% of resamples`,
  );
}

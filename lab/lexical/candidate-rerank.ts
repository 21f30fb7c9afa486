/**
 * What scoring word pairs and word pieces only over bm25's and tfidf's candidates would cost
 * (docs/figures/lexical.md, What sets the select and build ratios): a select would then read the
 * postings of two rankers, not four. Each of pairs and pieces ranks only the tools in bm25's or
 * tfidf's first `depth`; the fusion is `lexical()`'s. Prints nDCG@10 and hit@1 against
 * `lexical()` on each shared set, paired, after each of the four rankers' `doRank` time at 10,000 tools.
 * Run: pnpm lab lab/lexical/candidate-rerank.ts
 */
import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { budget } from '@shortlist/budget';
import type { RankerV1 } from '@shortlist/core';
import type { RankerIndexV1 } from '@shortlist/core/kit';
import { loadDataset, pairedBootstrap } from '@shortlist/eval';
import { lexical, lexicalRankers } from '@shortlist/lexical';
import { benchmarksDir } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';
import { lexicalWith, queryScores } from './variant-runs.js';

const [bm25Ranker, tfidfRanker] = lexicalRankers();

/** `inner`, ranking only the tools bm25 or tfidf puts in its first `depth`. */
function overCandidates(inner: RankerV1, depth: number): RankerV1 {
  return {
    specificationVersion: 'v1',
    id: inner.id,
    async doIndex(tools, options) {
      const [own, words, cosine] = await Promise.all([
        inner.doIndex(tools, options),
        bm25Ranker!.doIndex(tools, options),
        tfidfRanker!.doIndex(tools, options),
      ]);
      const index: RankerIndexV1 = {
        size: own.size,
        async doRank(query, rankOptions) {
          const candidates = new Set<string>();
          for (const source of [words, cosine]) {
            for (const tool of await source.doRank(query, { limit: depth })) {
              candidates.add(tool.name);
            }
          }
          // tfidf does not honour `only`: rank the whole catalogue and keep the candidates.
          const whole = await own.doRank(query, { ...rankOptions, limit: own.size });
          return whole.filter((tool) => candidates.has(tool.name)).slice(0, rankOptions.limit);
        },
      };
      return index;
    },
  };
}

/** `lexical()`'s own word-pair and word-piece rankers. */
const pairs = () => lexicalRankers()[2]!;
const pieces = () => lexicalRankers()[3]!;

// Postings read per select at 10,000 synthetic tools: bm25's and tfidf's, against all four.
const tools = generateCatalogue({ size: 10_000, seed: 1 });
const asked = generateQueries(tools, { count: 1000, seed: 3 }).map((q) => q.query);
const work: Record<string, number> = {};
for (const ranker of lexicalRankers().slice(0, 4)) {
  const index = await ranker.doIndex(tools);
  const start = performance.now();
  for (const query of asked) await index.doRank(query, { limit: 40 });
  work[ranker.id] = (performance.now() - start) / asked.length;
}
console.log(
  'doRank ms per query, limit 40:',
  Object.entries(work)
    .map(([id, ms]) => `${id} ${ms.toFixed(3)}`)
    .join(', '),
);

for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const base = await queryScores(lexical(), dataset);
  for (const depth of [40, 100]) {
    const variant = lexicalWith(overCandidates(pairs(), depth), overCandidates(pieces(), depth));
    const scores = await queryScores(variant.pack(budget(4000, { model: 'gpt-4o' })), dataset);
    console.log(
      `${set}, pairs and pieces over bm25/tfidf's first ${depth} − lexical(): nDCG@10 ${percent(pairedBootstrap(scores.ndcg, base.ndcg))}, hit@1 ${percent(pairedBootstrap(scores.hit, base.hit))}`,
    );
  }
}

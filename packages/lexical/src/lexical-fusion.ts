import { bm25 } from '@shortlist/bm25';
import type { RankerV1 } from '@shortlist/core';
import { type ConfiguredFusion, type WeightedConfig, weighted } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { nameMatch } from './name-match.js';

/**
 * The rankers of `lexical()`, each with its default options except the name signal, which
 * only ranks names the request covers at least half of (measured: README, "How it was chosen").
 */
export function lexicalRankers(): RankerV1[] {
  return [bm25(), tfidf(), nameMatch({ minCoverage: 0.5 })];
}

/**
 * The fusion of `lexical()`'s rankers, chosen by leave-one-dataset-out selection on the shared
 * benchmarks for the best worst-set nDCG@10 gain over the best single ranker
 * (`scripts/select-fusion.ts` reproduces it).
 */
export function lexicalFusion(): ConfiguredFusion<WeightedConfig> {
  return weighted({ normalize: 'minmax', weights: { bm25: 0.15, tfidf: 0.75, name: 0.1 } });
}

import type { ConfiguredFusion, RrfConfig } from './fusion-config.js';
import { rrf } from './rrf.js';

/**
 * The measured default for the lexical pipeline `pipe(bm25(), tfidf())`: RRF (k = 60) weighting
 * tfidf 0.9 and bm25 0.1. Chosen on a selection half of every benchmark folder for the best
 * worst-folder nDCG@10 gain over bm25 alone; `scripts/default-fusion.ts` reproduces it.
 */
export function lexicalDefaultFusion(): ConfiguredFusion<RrfConfig> {
  return rrf({ k: 60, weights: { bm25: 0.1, tfidf: 0.9 } });
}

import type { ConfiguredFusion, WeightedConfig } from './fusion-config.js';
import { weighted } from './weighted.js';

/**
 * The measured default for the lexical pipeline `pipe(bm25(), tfidf())`: 0.4·bm25 + 0.6·tfidf on
 * DBSF-normalised scores. Chosen on a selection half of every benchmark folder for the best
 * worst-folder nDCG@10 gain over bm25 alone; `scripts/default-fusion.ts` reproduces it.
 * @deprecated The default is now `lexical()` from `@shortlist/lexical` (its `lexicalFusion()`).
 */
export function lexicalDefaultFusion(): ConfiguredFusion<WeightedConfig> {
  return weighted({ normalize: 'dbsf', weights: { bm25: 0.4, tfidf: 0.6 } });
}

import { bm25 } from '@shortlist/bm25';
import type { RankerV1 } from '@shortlist/core';
import { type ConfiguredFusion, type WeightedConfig, weighted } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { exactFirst } from './exact-first.js';
import { exactNames } from './exact-names.js';
import { lexicalStem } from './lexical-stem.js';
import { nameMatch } from './name-match.js';
import { openingMatch } from './opening-match.js';
import { wordBigrams } from './word-bigrams.js';
import { wordPieces } from './word-pieces.js';

/** Query pieces the `pieces` ranker scores, the rarest kept: bounds its query time (docs/figures/lexical.md, Speed). */
export const maxPieceTerms = 12;

/**
 * The rankers of `lexical()`: bm25 with its defaults, tfidf stemming with `lexicalStem` (core's
 * light stemming plus Porter's "-er" rule, so "reminder" meets "remind"), tfidf over adjacent word pairs
 * (`bigrams`) and over 4-letter word pieces (`pieces`), which lift the fusion above the best
 * single ranker on every shared set, the name signal gated at half the name, `opening`, the one
 * tool whose description opens with the request's verb and object, and `exact`, the tools whose
 * full name the request contains, which `lexicalFusion()` puts first (README).
 */
export function lexicalRankers(): RankerV1[] {
  return [
    bm25(),
    tfidf({ stem: lexicalStem }),
    tfidf({ id: 'bigrams', tokenizer: wordBigrams() }),
    tfidf({ id: 'pieces', tokenizer: wordPieces(4), maxQueryTerms: maxPieceTerms }),
    nameMatch({ minCoverage: 0.5, exactNames: false }),
    openingMatch(),
    exactNames(),
  ];
}

/**
 * Tools of each ranking `lexicalFusion()` normalises over, whatever the limit: the depth its
 * weights were chosen at (limit 10 × over-fetch 4), so picks at a larger limit only append.
 */
export const lexicalFusionHead = 40;

/**
 * The fusion of `lexical()`'s rankers: the weights `lab/lexical/select-fusion.ts` picks on the shared
 * benchmarks (best worst-set nDCG@10 gain over the best single ranker), with 0.1 moved from tfidf
 * to the name signal by hand, at a cost the README states, and `opening` at 2 (README, Opening);
 * z-scores over each ranking's first 40.
 * Tools whose full name the request contains (`exact`, weighed 0) come first, longest name first.
 */
export function lexicalFusion(): ConfiguredFusion<WeightedConfig> {
  return exactFirst(lexicalWeighting(), 'exact');
}

/** `lexicalFusion()` before the named tools are put first: what `lexical({ examples })` blends. */
export function lexicalWeighting(): ConfiguredFusion<WeightedConfig> {
  return weighted({
    normalize: 'zscore',
    head: lexicalFusionHead,
    weights: {
      bm25: 0.1,
      tfidf: 0.4,
      bigrams: 0.2,
      pieces: 0.2,
      name: 0.1,
      opening: 2,
      exact: 0,
    },
  });
}

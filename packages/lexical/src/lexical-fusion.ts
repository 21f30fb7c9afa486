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
 * The fusion of `lexical()`'s rankers, `lexicalWeighting()` with the tools whose full name the
 * request contains (`exact`, weighed 0) first, longest name first.
 */
export function lexicalFusion(): ConfiguredFusion<WeightedConfig> {
  return exactFirst(lexicalWeighting(), 'exact');
}

/** Tools of each ranking the learning blend's base reads (limit 10 × over-fetch 4). */
export const learningHead = 40;

/**
 * Each ranker's scores over its best score for the request, a scale the request alone sets, so
 * a tool's fused score depends on the request and that tool only: a larger limit only appends
 * picks, and a scoped select scores just the scope's tools. Weights from
 * `lab/lexical/query-norm.ts` (coordinate search on the worst nDCG@10 gain over the shared
 * benchmarks; README). `head` is what `lexical({ examples })` blends with what it learnt: the
 * same scale over each ranking's first `head` tools only, the depth its blending reads, so its
 * picks keep the prefix property too.
 */
export function lexicalWeighting(head?: number): ConfiguredFusion<WeightedConfig> {
  return weighted({
    normalize: 'max',
    ...(head === undefined ? {} : { head }),
    weights: {
      bm25: 0.15,
      tfidf: 1.75,
      bigrams: 1.2,
      pieces: 0.6,
      name: 0.15,
      opening: 1.75,
      exact: 0,
    },
  });
}

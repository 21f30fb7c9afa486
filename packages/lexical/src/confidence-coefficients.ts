// Written by `pnpm lab lab/confidence-fit.mjs` from the shared sets' train material; do not edit by hand.

/** Logistic-regression weights over `confidenceSignalNames`, intercept last. */
export const firstPickCoefficients: readonly number[] = [
  0.541684, // tfidf
  0.350476, // pieces
  2.27534, // bigrams
  1.17099, // bm25
  0.0533889, // name
  0.0734957, // opening
  0.68967, // agreement
  0.578303, // margin
  -1.05341, // fused
  1.06574, // spread
  -0.0369766, // coverage
  -1.2171, // rarity
  0.692707, // words
  0.930461, // reach
  -0.741008, // asksActs
  -0.467821, // asksReads
  -3.89774, // intercept
];

/** The same for "a right tool is among the first five". */
export const topFiveCoefficients: readonly number[] = [
  0.460803, // tfidf
  2.0485, // pieces
  3.05099, // bigrams
  1.39412, // bm25
  0.0314496, // name
  0.15586, // opening
  -0.061812, // agreement
  0.0393586, // margin
  -0.756938, // fused
  0.797087, // spread
  -0.843244, // coverage
  -1.33687, // rarity
  0.513917, // words
  1.80618, // reach
  0.176209, // asksActs
  -0.429609, // asksReads
  -2.5971, // intercept
];

/** How often a first pick the request names in full is right, and a right tool in the first five. */
export const namedConfidence = { first: 0.7895, top5: 0.9211 };

/**
 * The first-pick confidence below which `lexical()` abstains: the highest that abstains on at
 * most 2% of each shared set's own train requests and costs each at
 * most 0.4 nDCG@10 points there.
 */
export const defaultAbstainBelow = 0.024;

// Written by `pnpm lab lab/confidence-fit.mjs` from the shared sets' train material; do not edit by hand.

/** Logistic-regression weights over `confidenceFeatureNames`, intercept last. */
export const firstPickCoefficients: readonly number[] = [
  3.64146, // tfidf
  0.0605223, // pieces
  4.6324, // bigrams
  0.440796, // bm25
  0.0277861, // name
  -0.0319281, // opening
  -0.950117, // agreement
  0.392126, // margin
  -1.21653, // fused
  1.45862, // spread
  -1.49033, // coverage
  -0.627108, // rarity
  -1.52651, // words
  4.76665, // reach
  -0.777838, // asksActs
  -0.467893, // asksReads
  -3.4892, // tfidf²
  0.405558, // pieces²
  -2.78549, // bigrams²
  0.127448, // bm25²
  0.00115505, // name²
  -0.0319281, // opening²
  1.37044, // agreement²
  0.0657648, // margin²
  0.0598417, // fused²
  -0.140338, // spread²
  1.64422, // coverage²
  -0.142306, // rarity²
  0.427733, // words²
  -3.20509, // reach²
  -2.26135, // intercept
];

/**
 * The isotonic map of the first-pick regression's estimate: from each low end (the first is 0),
 * the share of train first picks that were right.
 */
export const firstPickSteps: readonly [readonly number[], readonly number[]] = [
  [
    0, 0.0168409, 0.0241246, 0.031046, 0.0487243, 0.0712988, 0.178352, 0.184751, 0.196336, 0.242054,
    0.299414, 0.305801, 0.35669, 0.407977, 0.478591, 0.5688, 0.578434, 0.60082, 0.673364, 0.690171,
    0.698261, 0.706601, 0.729601, 0.81407, 0.81852, 0.856272, 0.871128, 0.897379, 0.951836,
    0.985674, 0.995252,
  ],
  [
    0, 0.0526316, 0.0555556, 0.0877193, 0.0941176, 0.143204, 0.181818, 0.194444, 0.209524, 0.209581,
    0.238095, 0.330357, 0.353535, 0.39823, 0.455882, 0.473684, 0.53125, 0.534483, 0.684211, 0.7,
    0.714286, 0.74359, 0.754717, 0.764706, 0.793103, 0.882353, 0.887324, 0.958647, 0.985714,
    0.995349, 1,
  ],
];

/** The same for "a right tool is among the first five". */
export const topFiveCoefficients: readonly number[] = [
  3.14736, // tfidf
  1.24914, // pieces
  -0.182011, // bigrams
  0.498982, // bm25
  0.0121293, // name
  0.0232537, // opening
  -2.28814, // agreement
  -0.423453, // margin
  -0.776137, // fused
  1.05461, // spread
  -0.859994, // coverage
  -0.959877, // rarity
  0.0318212, // words
  3.94991, // reach
  0.131923, // asksActs
  -0.451012, // asksReads
  -3.66557, // tfidf²
  0.975687, // pieces²
  5.18599, // bigrams²
  0.195404, // bm25²
  0.00103241, // name²
  0.0232537, // opening²
  2.12243, // agreement²
  0.147003, // margin²
  0.0103025, // fused²
  -0.0742687, // spread²
  0.286047, // coverage²
  -0.0337896, // rarity²
  0.0904239, // words²
  -1.79833, // reach²
  -1.68569, // intercept
];

/** How often a first pick the request names in full is right, and a right tool in the first five. */
export const namedConfidence = { first: 0.7895, top5: 0.9211 };

/**
 * The first-pick confidence below which `lexical()` abstains: the highest that abstains on at
 * most 2% of each shared set's own train requests and costs each at
 * most 0.2 nDCG@10 points there.
 */
export const defaultAbstainBelow = 0.051;

import type { FusionV1, SourceRanking } from '@shortlist/core';

/**
 * Best tfidf cosine below which `lexical()` answers "no tool matched": measured on the shared
 * benchmarks with `lab/abstention.mjs` (README, Abstention). @default 0.08
 */
export const abstainBelow = 0.08;

/** lexical()'s own rankers; any other source (`learned`) that found a tool vouches for it. */
const lexicalIds = new Set(['bm25', 'tfidf', 'bigrams', 'pieces', 'name', 'exact']);

/** The rule: no tool's words come close to the request's, and nothing else vouches for one. */
function reason(rankings: readonly SourceRanking[]): string | undefined {
  const tfidf = rankings.find((source) => source.rankerId === 'tfidf');
  if (tfidf === undefined) return undefined;
  const best = tfidf.ranking[0]?.score ?? 0;
  if (best >= abstainBelow) return undefined;
  const vouched = rankings.some(
    (source) =>
      (source.rankerId === 'exact' || !lexicalIds.has(source.rankerId)) &&
      source.ranking.length > 0,
  );
  if (vouched) return undefined;
  return best === 0
    ? 'no word of the request appears in any tool (another language, or nothing the catalogue does)'
    : `the request shares too few words with any tool (best tfidf cosine ${best.toFixed(3)}, below ${abstainBelow})`;
}

/** `fusion`, answering "no tool matched" where `lexical()`'s abstention rule says so. */
export function withAbstention<Fusion extends FusionV1>(fusion: Fusion): Fusion {
  return { ...fusion, doAbstain: reason };
}

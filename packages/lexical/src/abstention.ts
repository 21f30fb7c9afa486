import type { FusionV1 } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { lexicalConfidence } from './confidence.js';
import { defaultAbstainBelow } from './confidence-coefficients.js';

/**
 * Best tfidf cosine below which `lexical()` may answer "no tool matched": measured on the shared
 * benchmarks with `lab/abstention.mjs` (README, Abstention). @default 0.08
 */
const abstainBelow = 0.08;

/**
 * Best word-piece cosine that still vouches for a tool with no whole word in common, as
 * "copywriting" does for `copywriter` (0.71); off-topic requests reach 0.22. @default 0.3
 */
const piecesVouchAt = 0.3;

/** lexical()'s own rankers; any other source (`learned`) that found a tool vouches for it. */
const lexicalIds = new Set(['bm25', 'tfidf', 'bigrams', 'pieces', 'name', 'opening', 'exact']);

const best = (rankings: readonly SourceRanking[], id: string) =>
  rankings.find((source) => source.rankerId === id)?.ranking[0]?.score ?? 0;

/** The rule: no tool's words or word pieces come close to the request's, and nothing vouches. */
function reason(rankings: readonly SourceRanking[]): string | undefined {
  if (!rankings.some((source) => source.rankerId === 'tfidf')) return undefined;
  const words = best(rankings, 'tfidf');
  if (words >= abstainBelow || best(rankings, 'pieces') >= piecesVouchAt) return undefined;
  const vouched = rankings.some(
    (source) =>
      (source.rankerId === 'exact' || !lexicalIds.has(source.rankerId)) &&
      source.ranking.length > 0,
  );
  if (vouched) return undefined;
  return words === 0
    ? 'no word of the request appears in any tool (another language, or nothing the catalogue does)'
    : `the request shares too few words with any tool (best tfidf cosine ${words.toFixed(3)}, below ${abstainBelow})`;
}

/**
 * `fusion`, answering "no tool matched" where `lexical()`'s abstention rule says so or its
 * calibrated confidence (on every selection) is under `defaultAbstainBelow`; a select's `abstain`
 * moves the bar or turns it off. The confidence is read off the unscoped fusion's head, so the bar
 * keeps the prefix and scope properties.
 */
export function withAbstention<Fusion extends FusionV1>(fusion: Fusion): Fusion {
  return {
    ...fusion,
    doAbstain: reason,
    doConfidence: lexicalConfidence,
    abstainBelow: defaultAbstainBelow,
  };
}

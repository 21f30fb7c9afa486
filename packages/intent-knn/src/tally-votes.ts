import { compareRanked, type Neighbour, type Ranking } from '@shortlist/core/kit';

/** The vote rule of `tallyVotes`. */
export interface TallySettings {
  readonly minScore: number;
  readonly exponent: number;
  /** A tool's summed vote is divided by (its example count) ** this. @default 0 */
  readonly countExponent?: number;
  /** Examples each tool has in the index; needed when `countExponent` is not 0. */
  readonly exampleCounts?: ReadonlyMap<string, number>;
}

/**
 * Turns the query's nearest examples (key = tool name) into a ranking: each vote is
 * `cosine ** exponent` (examples whose cosine is not above `minScore` never vote); a tool scores
 * the sum of its votes, divided by its example count
 * raised to `countExponent`.
 */
export function tallyVotes(nearest: readonly Neighbour[], settings: TallySettings): Ranking {
  const { minScore, exponent, countExponent = 0, exampleCounts } = settings;
  const scores = new Map<string, number>();
  for (const { key, score } of nearest) {
    if (!(score > minScore)) continue;
    const vote = exponent === 1 ? score : Math.max(score, 0) ** exponent;
    scores.set(key, (scores.get(key) ?? 0) + vote);
  }
  if (countExponent !== 0) {
    for (const [name, score] of scores) {
      scores.set(name, score / (exampleCounts?.get(name) ?? 1) ** countExponent);
    }
  }
  return [...scores].map(([name, score]) => ({ name, score })).sort(compareRanked);
}

import type { Neighbour, Ranking } from '@shortlist/core';

/**
 * Turns the query's nearest examples (key = tool name) into a ranking: each tool scores the
 * sum of `cosine ** exponent` over its examples among them whose cosine is above `minScore`.
 */
export function tallyVotes(
  nearest: readonly Neighbour[],
  options: { readonly minScore: number; readonly exponent: number },
): Ranking {
  const scores = new Map<string, number>();
  for (const { key, score } of nearest) {
    if (!(score > options.minScore)) continue;
    const vote = options.exponent === 1 ? score : Math.max(score, 0) ** options.exponent;
    scores.set(key, (scores.get(key) ?? 0) + vote);
  }
  return [...scores]
    .map(([name, score]) => ({ name, score }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

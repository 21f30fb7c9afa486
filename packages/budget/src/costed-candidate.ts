/** A candidate with its measured token cost, as the packing strategies see it. */
export interface CostedCandidate {
  readonly name: string;
  /** 1-based position in the fused ranking. */
  readonly rank: number;
  /** Tokens of the tool's definition; at least 1. */
  readonly tokens: number;
}

/**
 * Relevance credited for keeping the candidate at `rank`: `1 / log2(rank + 1)`, the discount of
 * DCG, so rank 1 counts 1, rank 3 counts 0.5 and rank 20 about 0.23.
 */
export function rankWeight(rank: number): number {
  return 1 / Math.log2(rank + 1);
}

/** Total rank-discounted relevance of kept candidates: the objective `'optimal'` maximises. */
export function keptRelevance(kept: readonly Pick<CostedCandidate, 'rank'>[]): number {
  let sum = 0;
  for (const candidate of kept) sum += rankWeight(candidate.rank);
  return sum;
}

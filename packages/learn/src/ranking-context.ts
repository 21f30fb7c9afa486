import type { Ranking } from '@shortlist/core/kit';
import type { TrustLedger } from './trust-ledger.js';

/** The query a learned ranking answered, the ledger of the index that made it, and its trusted share. */
export interface RankingContext {
  readonly query: string;
  readonly ledger: TrustLedger;
  /** The learned share after trust: the ranking's scores carry the untrusted one. */
  readonly trustedShare: number;
}

/**
 * Lets `withLearning()` find, from the ranking the pipeline hands it, which query it answers and
 * whose trust applies (the fusion spec passes rankings, not queries). Weak: gone with the ranking.
 */
export const rankingContexts = new WeakMap<Ranking, RankingContext>();

import { InvalidArgumentError } from '@shortlist/core';
import { type RankOptions, throwIfAborted } from '@shortlist/core/kit';

/**
 * Checks a `doRank` call's query and limit the way every ranker of this package does, and
 * returns the whole limit; `ranker` names the ranker in the error a caller reads.
 */
export function checkRankCall(ranker: string, query: unknown, options: RankOptions): number {
  throwIfAborted(options?.signal);
  if (typeof query !== 'string') {
    throw new InvalidArgumentError({
      argument: 'doRank(query)',
      expected: 'a string',
      message: `${ranker}: the query must be a string, got ${typeof query}`,
    });
  }
  const limit = options?.limit;
  if (typeof limit !== 'number' || Number.isNaN(limit)) {
    throw new InvalidArgumentError({
      argument: 'doRank(options.limit)',
      expected: 'a number',
      message: `${ranker}: limit must be a number of tools, got ${String(limit)}`,
    });
  }
  return Math.floor(limit);
}

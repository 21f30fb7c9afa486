import type { DroppedTool, PackedTool, PackResult } from '@shortlist/core';

/**
 * Takes candidates in rank order, skipping one that does not fit the remaining budget and
 * continuing. A tool larger than the whole budget is dropped as `'larger-than-budget'`. Once
 * `limit` are kept the rest are dropped as `'over-limit'` without being measured: no query pays
 * for tokenizing tools it could never keep.
 */
export function packGreedy<Candidate>(
  candidates: readonly Candidate[],
  maxTokens: number,
  limit: number,
  nameOf: (candidate: Candidate) => string,
  costOf: (candidate: Candidate) => number,
): PackResult {
  const kept: PackedTool[] = [];
  const dropped: DroppedTool[] = [];
  let totalTokens = 0;
  for (const candidate of candidates) {
    const name = nameOf(candidate);
    if (kept.length >= limit) {
      dropped.push({ name, reason: 'over-limit' });
      continue;
    }
    const tokens = costOf(candidate);
    if (tokens > maxTokens) dropped.push({ name, reason: 'larger-than-budget', tokens });
    else if (totalTokens + tokens > maxTokens)
      dropped.push({ name, reason: 'over-budget', tokens });
    else {
      kept.push({ name, tokens });
      totalTokens += tokens;
    }
  }
  return { kept, dropped, totalTokens };
}

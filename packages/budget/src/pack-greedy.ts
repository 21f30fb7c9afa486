import type { DroppedTool, PackedTool, PackResult } from '@shortlist/core';
import type { CostedCandidate } from './costed-candidate.js';

/**
 * Takes candidates in rank order, skipping one that does not fit the remaining budget and
 * continuing; once `limit` are kept the rest are dropped as `'over-limit'`. A tool larger than
 * the whole budget is always reported as `'larger-than-budget'`.
 */
export function packGreedy(
  candidates: readonly CostedCandidate[],
  maxTokens: number,
  limit: number,
): PackResult {
  const kept: PackedTool[] = [];
  const dropped: DroppedTool[] = [];
  let totalTokens = 0;
  for (const { name, tokens } of candidates) {
    if (tokens > maxTokens) dropped.push({ name, reason: 'larger-than-budget', tokens });
    else if (kept.length >= limit) dropped.push({ name, reason: 'over-limit', tokens });
    else if (totalTokens + tokens > maxTokens)
      dropped.push({ name, reason: 'over-budget', tokens });
    else {
      kept.push({ name, tokens });
      totalTokens += tokens;
    }
  }
  return { kept, dropped, totalTokens };
}

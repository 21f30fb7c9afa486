import type { DroppedTool, PackedTool, PackResult } from '@shortlist/core/kit';

/**
 * Takes candidates in rank order, skipping one that does not fit the remaining budget and
 * continuing. A tool larger than the whole budget is dropped as `'larger-than-budget'`. Once
 * `limit` are kept the rest are dropped as `'over-limit'` without being measured: no query pays
 * for tokenizing tools it could never keep. With a `floor` (a proven lower bound on a tool's
 * tokens), candidates that cannot fit what is left are not measured either.
 */
export function packGreedy<Candidate extends { readonly name: string }>(
  candidates: readonly Candidate[],
  maxTokens: number,
  limit: number,
  costOf: (candidate: Candidate) => number,
  floor?: { readonly of: (candidate: Candidate) => number },
): PackResult {
  const kept: PackedTool[] = [];
  const dropped: DroppedTool[] = [];
  let totalTokens = 0;
  let i = 0;
  for (; i < candidates.length && kept.length < limit; i++) {
    const candidate = candidates[i]!;
    if (floor) {
      // A proven lower bound over what is left skips the measuring (a huge tool, a late window).
      const atLeast = floor.of(candidate);
      if (atLeast > maxTokens - totalTokens) {
        dropped.push({
          name: candidate.name,
          reason: atLeast > maxTokens ? 'larger-than-budget' : 'over-budget',
        });
        continue;
      }
    }
    const tokens = costOf(candidate);
    if (tokens > maxTokens) {
      dropped.push({ name: candidate.name, reason: 'larger-than-budget', tokens });
    } else if (totalTokens + tokens > maxTokens) {
      dropped.push({ name: candidate.name, reason: 'over-budget', tokens });
    } else {
      kept.push({ name: candidate.name, tokens });
      totalTokens += tokens;
    }
  }
  for (; i < candidates.length; i++)
    dropped.push({ name: candidates[i]!.name, reason: 'over-limit' });
  return { kept, dropped, totalTokens };
}

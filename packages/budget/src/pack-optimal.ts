import { type DroppedTool, type PackResult, throwIfAborted } from '@shortlist/core';
import { type CostedCandidate, rankWeight } from './costed-candidate.js';

/** A persistent list of chosen candidate indexes, newest first, shared between DP states. */
interface Chosen {
  readonly index: number;
  readonly previous: Chosen | null;
}

/** A partial packing: its tokens, its relevance and which candidates it holds. */
interface State {
  readonly tokens: number;
  readonly value: number;
  readonly chosen: Chosen | null;
}

/**
 * Merges two token-sorted frontiers, keeping only states that no other state beats on both
 * tokens (fewer or equal) and relevance (more or equal). Ties keep the state from `current`.
 */
function mergeFrontiers(current: readonly State[], added: readonly State[]): State[] {
  const merged: State[] = [];
  let best = Number.NEGATIVE_INFINITY;
  let i = 0;
  let j = 0;
  while (i < current.length || j < added.length) {
    const a = current[i];
    const b = added[j];
    let next: State;
    if (
      b === undefined ||
      (a !== undefined && (a.tokens < b.tokens || (a.tokens === b.tokens && a.value >= b.value)))
    ) {
      next = a!;
      i++;
    } else {
      next = b;
      j++;
    }
    if (next.value > best) {
      merged.push(next);
      best = next.value;
    }
  }
  return merged;
}

/**
 * Picks the subset of candidates with the most rank-discounted relevance (`1 / log2(rank + 1)`
 * each) whose tokens fit `maxTokens`, with at most `limit` tools. Exact: a dynamic programme over
 * kept-count levels that keeps, per level, only Pareto-optimal (tokens, relevance) states, so its
 * size is bounded by the budget but is usually a few hundred states. Kept tools are in rank order.
 */
export function packOptimal(
  candidates: readonly CostedCandidate[],
  maxTokens: number,
  limit: number,
  signal?: AbortSignal,
): PackResult {
  const fitting: number[] = [];
  candidates.forEach((candidate, index) => {
    if (candidate.tokens <= maxTokens) fitting.push(index);
  });
  const levels = Math.min(limit, fitting.length);
  const chosen = new Set<number>();

  // The `levels` best-ranked fitting candidates carry the most relevance any `levels` tools can;
  // when they fit together, no search is needed.
  const top = fitting.slice(0, levels);
  if (top.reduce((sum, index) => sum + candidates[index]!.tokens, 0) <= maxTokens) {
    for (const index of top) chosen.add(index);
  } else {
    const frontiers: State[][] = [[{ tokens: 0, value: 0, chosen: null }]];
    for (let level = 1; level <= levels; level++) frontiers.push([]);
    fitting.forEach((index, position) => {
      throwIfAborted(signal);
      const { tokens, rank } = candidates[index]!;
      const value = rankWeight(rank);
      for (let level = Math.min(position, levels - 1); level >= 0; level--) {
        const added: State[] = [];
        for (const state of frontiers[level]!) {
          if (state.tokens + tokens > maxTokens) break;
          added.push({
            tokens: state.tokens + tokens,
            value: state.value + value,
            chosen: { index, previous: state.chosen },
          });
        }
        if (added.length > 0) frontiers[level + 1] = mergeFrontiers(frontiers[level + 1]!, added);
      }
    });
    let best: State = frontiers[0]![0]!;
    for (const frontier of frontiers) {
      const last = frontier[frontier.length - 1];
      if (last && last.value > best.value) best = last;
    }
    for (let link = best.chosen; link; link = link.previous) chosen.add(link.index);
  }

  const kept = candidates.filter((_, index) => chosen.has(index));
  const totalTokens = kept.reduce((sum, candidate) => sum + candidate.tokens, 0);
  const dropped: DroppedTool[] = [];
  candidates.forEach(({ name, tokens }, index) => {
    if (chosen.has(index)) return;
    const reason =
      tokens > maxTokens
        ? 'larger-than-budget'
        : totalTokens + tokens <= maxTokens
          ? 'over-limit'
          : 'over-budget';
    dropped.push({ name, reason, tokens });
  });
  return { kept: kept.map(({ name, tokens }) => ({ name, tokens })), dropped, totalTokens };
}

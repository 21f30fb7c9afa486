import { type DroppedTool, type PackResult, throwIfAborted } from '@shortlist/core/kit';
import { type CostedCandidate, rankWeight } from './costed-candidate.js';
import { createRelevanceBound } from './relevance-bound.js';

/** Relevance a state must be able to gain over the best packing to stay; absorbs rounding. */
const PRUNE_MARGIN = 1e-12;

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

const countOf = (chosen: Chosen | null): number => {
  let count = 0;
  for (let link = chosen; link; link = link.previous) count++;
  return count;
};

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
 * Removes states that a state with fewer tools beats on tokens and relevance: with `limit` an
 * upper bound, fewer tools is never worse. Keeps the frontiers small when the limit is loose.
 */
function pruneAcrossLevels(frontiers: State[][]): void {
  let envelope = frontiers[0]!;
  for (let level = 1; level < frontiers.length; level++) {
    const states = frontiers[level]!;
    if (states.length === 0) continue;
    const kept: State[] = [];
    let e = 0;
    let bestBelow = Number.NEGATIVE_INFINITY;
    for (const state of states) {
      while (e < envelope.length && envelope[e]!.tokens <= state.tokens) {
        bestBelow = envelope[e]!.value;
        e++;
      }
      if (state.value > bestBelow) kept.push(state);
    }
    frontiers[level] = kept;
    envelope = mergeFrontiers(envelope, kept);
  }
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
    const values = fitting.map((index) => rankWeight(candidates[index]!.rank));
    const costs = fitting.map((index) => candidates[index]!.tokens);
    const bound = createRelevanceBound(values, costs);
    const frontiers: State[][] = [[{ tokens: 0, value: 0, chosen: null }]];
    for (let level = 1; level <= levels; level++) frontiers.push([]);
    // Greedy's packing is feasible: start from it so the bound prunes from the first candidate.
    let best: State = frontiers[0]![0]!;
    costs.forEach((tokens, position) => {
      if (best.tokens + tokens <= maxTokens && countOf(best.chosen) < levels) {
        best = {
          tokens: best.tokens + tokens,
          value: best.value + values[position]!,
          chosen: { index: fitting[position]!, previous: best.chosen },
        };
      }
    });
    fitting.forEach((index, position) => {
      throwIfAborted(signal);
      const tokens = costs[position]!;
      const value = values[position]!;
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
      pruneAcrossLevels(frontiers);
      // Every state is a feasible packing; drop those that cannot beat the best one found.
      for (const frontier of frontiers) {
        const last = frontier[frontier.length - 1];
        if (last && last.value > best.value) best = last;
      }
      frontiers.forEach((frontier, level) => {
        frontiers[level] = frontier.filter(
          (state) =>
            state === best ||
            state.value + bound.after(position + 1, maxTokens - state.tokens, levels - level) >
              best.value + PRUNE_MARGIN,
        );
      });
    });
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

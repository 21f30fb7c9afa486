import type { Ranking } from '../spec/ranker-v1.js';
import { gallopTo } from './gallop.js';
import { type KthLargest, kthLargest } from './kth-largest.js';
import { BOUND_SLACK, keepReachable, kthAccumulated, takeBestAndClear } from './max-score.js';
import { type TopSlots, topSlots } from './top-slots.js';

/**
 * An inverted index in compressed-sparse-row form, as `maxScoreSearch` reads it: term t's
 * postings are `[offsets[t], offsets[t + 1])`, in ascending slot order, each with a positive weight.
 */
export interface ScoredPostings {
  readonly offsets: Int32Array;
  readonly docs: Int32Array;
  readonly weights: Float32Array | Float64Array;
  /** Slots the accumulator must cover. */
  readonly slotCount: number;
}

/**
 * A query as `maxScoreSearch` reads it: `length` term ids with their weights and upper bounds
 * (weight × the term's largest posting weight), sorted by falling bound.
 */
export interface BoundedQuery {
  readonly terms: Int32Array;
  readonly weights: Float64Array;
  readonly bounds: Float64Array;
  readonly length: number;
}

/**
 * The buffers every query of one index reuses. Searching is one module-level function over this
 * state rather than closures, so V8's optimised code is shared by every index and every ranker.
 */
export interface MaxScoreSearcher {
  /** Partial scores by slot; 0 means not touched by this query (every weight is positive). */
  accumulator: Float64Array;
  touched: Int32Array;
  candidates: Int32Array;
  readonly threshold: KthLargest;
  readonly best: TopSlots;
  /** Postings added plus postings sought, over all searches: how much work pruning saved. */
  work: number;
  // Per-query buffers, indexed by query term; grown for long queries, never shrunk.
  rest: Float64Array;
  restPostings: Float64Array;
  runEnd: Int32Array;
}

/** A searcher naming tools by `names` (slot to name, kept up to date by the index that owns it). */
export const createMaxScoreSearcher = (
  names: readonly (string | undefined)[],
): MaxScoreSearcher => ({
  accumulator: new Float64Array(0),
  touched: new Int32Array(0),
  candidates: new Int32Array(0),
  threshold: kthLargest(),
  best: topSlots(names),
  work: 0,
  rest: new Float64Array(0),
  restPostings: new Float64Array(0),
  runEnd: new Int32Array(0),
});

/** Grows the searcher's buffers to `slots` tools and `m` query terms. */
export function reserveSearcher(s: MaxScoreSearcher, slots: number, m: number): void {
  if (s.accumulator.length < slots) {
    s.accumulator = new Float64Array(slots);
    s.touched = new Int32Array(slots);
    s.candidates = new Int32Array(slots);
  }
  if (s.rest.length < m + 1) {
    s.rest = new Float64Array(m + 1);
    s.restPostings = new Float64Array(m + 1);
    s.runEnd = new Int32Array(m + 1);
  }
}

/**
 * Adds query term `j`'s postings to the accumulator, appending the slots it touches first to
 * `touched` (after the `seen` already there); returns how many are there now.
 */
export function accumulateTerm(
  s: MaxScoreSearcher,
  postings: ScoredPostings,
  query: BoundedQuery,
  j: number,
  seen: number,
): number {
  const { accumulator, touched } = s;
  const { docs, weights } = postings;
  const w = query.weights[j]!;
  const begin = postings.offsets[query.terms[j]!]!;
  const end = postings.offsets[query.terms[j]! + 1]!;
  s.work += end - begin;
  let count = seen;
  for (let p = begin; p < end; p++) {
    const slot = docs[p]!;
    const score = accumulator[slot]!;
    if (score === 0) touched[count++] = slot;
    accumulator[slot] = score + w * weights[p]!;
  }
  return count;
}

/**
 * A lower bound on the final k-th best score: the k best partial scores' tools are scored in
 * full (terms from `from` on, found by galloping search) and the lowest of those k is taken.
 * Stops with −∞ (no bound, always valid) once one of them scores at most `useless`: the bound
 * would then neither prune nor raise the threshold enough to, so the other gallops are saved.
 */
function finalThreshold(
  s: MaxScoreSearcher,
  postings: ScoredPostings,
  query: BoundedQuery,
  from: number,
  seen: number,
  k: number,
  useless: number,
): number {
  const { offsets, docs, weights } = postings;
  const { accumulator, threshold } = s;
  const m = query.length;
  kthAccumulated(accumulator, threshold, s.touched, seen, k);
  let lowest = Number.POSITIVE_INFINITY;
  for (let h = 0; h < threshold.size; h++) {
    const slot = threshold.slots[h]!;
    let score = accumulator[slot]!;
    for (let j = from; j < m; j++) {
      const term = query.terms[j]!;
      const end = offsets[term + 1]!;
      const at = gallopTo(docs, offsets[term]!, end, slot);
      s.work += 1;
      if (at < end && docs[at] === slot) score += query.weights[j]! * weights[at]!;
    }
    if (score <= useless) return Number.NEGATIVE_INFINITY;
    if (score < lowest) lowest = score;
  }
  return threshold.size < k ? Number.NEGATIVE_INFINITY : lowest;
}

/**
 * The best `k` tools for a query, best first, ties by name: the one max-score search of the
 * lexical rankers. Terms (sorted by falling bound) are scored term at a time into a dense
 * accumulator until the k-th best score is known to exceed what the remaining terms could add;
 * from then on only tools already seen are completed, galloping through the remaining (long)
 * posting lists. Every tool's score is summed in the same term order, pruned or not, so the top k
 * equals the exhaustive one (`exhaustive`: score every posting) exactly.
 */
export function maxScoreSearch(
  s: MaxScoreSearcher,
  postings: ScoredPostings,
  query: BoundedQuery,
  k: number,
  exhaustive = false,
): Ranking {
  const m = query.length;
  reserveSearcher(s, postings.slotCount, m);
  const { accumulator, touched, candidates, rest, restPostings, runEnd } = s;
  const { offsets, docs, weights } = postings;
  const { terms } = query;
  rest[m] = 0;
  restPostings[m] = 0;
  for (let i = m - 1; i >= 0; i--) {
    rest[i] = rest[i + 1]! + query.bounds[i]!;
    restPostings[i] = restPostings[i + 1]! + offsets[terms[i]! + 1]! - offsets[terms[i]!]!;
  }

  // Term at a time. Each term's newly seen slots are appended in slot order, so `touched`
  // is a sequence of sorted runs, one per term, which the completion phase walks run by run.
  let runs = 0;
  let seen = 0;
  let theta = Number.NEGATIVE_INFINITY;
  let completeFrom = m;
  // Postings scanned since the last threshold check: a check gallops k tools through every
  // remaining term, so it runs only once the scan has paid for it, keeping a long query of
  // common terms linear (checking after every term cost k × m² gallops).
  let credit = 0;
  for (let j = 0; j < m; j++) {
    seen = accumulateTerm(s, postings, query, j, seen);
    runEnd[runs++] = seen;
    credit += offsets[terms[j]! + 1]! - offsets[terms[j]!]!;
    if (exhaustive || j + 1 === m || seen < k || seen * 2 >= restPostings[j + 1]!) continue;
    if (credit < k * (m - j - 1) + (seen >> 2)) continue;
    credit = 0;
    // A bound at or below rest[j + 1] × BOUND_SLACK cannot prune here; skip finishing it.
    const useless = Math.max(theta, rest[j + 1]! * BOUND_SLACK);
    theta = Math.max(theta, finalThreshold(s, postings, query, j + 1, seen, k, useless));
    if (rest[j + 1]! * BOUND_SLACK < theta) {
      completeFrom = j + 1;
      break;
    }
  }

  let count = seen;
  let pool = touched;
  if (completeFrom < m) {
    // Tools not seen yet score at most rest[completeFrom] < theta: only seen ones can win.
    pool = candidates;
    count = keepReachable(
      accumulator,
      touched,
      seen,
      runEnd,
      runs,
      rest[completeFrom]!,
      theta,
      candidates,
    );
    // Work done since candidates were last filtered: filtering costs O(candidates), so it runs
    // only once that much was done, as a threshold check does above.
    let filterCredit = 0;
    for (let j = completeFrom; j < m && count > 0; j++) {
      const w = query.weights[j]!;
      const begin = offsets[terms[j]!]!;
      const end = offsets[terms[j]! + 1]!;
      if (end - begin <= count) {
        // A list no longer than the candidates is scanned rather than galloped: seen tools
        // (a score above 0) gain, unseen ones cannot win and stay at 0.
        s.work += end - begin;
        filterCredit += end - begin;
        for (let p = begin; p < end; p++) {
          const slot = docs[p]!;
          const score = accumulator[slot]!;
          if (score !== 0) accumulator[slot] = score + w * weights[p]!;
        }
      } else {
        s.work += count;
        filterCredit += count;
        let from = 0;
        for (let r = 0; r < runs; r++) {
          let at = begin;
          for (let c = from; c < runEnd[r]!; c++) {
            const slot = candidates[c]!;
            at = gallopTo(docs, at, end, slot);
            if (at >= end) break;
            if (docs[at] === slot) accumulator[slot]! += w * weights[at]!;
          }
          from = runEnd[r]!;
        }
      }
      if (j + 1 === m) break;
      if (filterCredit < count) continue;
      filterCredit = 0;
      theta = Math.max(theta, kthAccumulated(accumulator, s.threshold, candidates, count, k));
      count = keepReachable(
        accumulator,
        candidates,
        count,
        runEnd,
        runs,
        rest[j + 1]!,
        theta,
        candidates,
      );
    }
  }

  return takeBestAndClear(accumulator, pool, count, touched, seen, s.best, k);
}

import {
  BOUND_SLACK,
  gallopTo,
  type KthLargest,
  keepReachable,
  kthAccumulated,
  kthLargest,
  type Ranking,
  type TopSlots,
  takeBestAndClear,
  topSlots,
} from '@shortlist/core/kit';
import type { TfidfPostings } from './tfidf-postings.js';
import type { QueryVector } from './tfidf-query.js';

/**
 * The buffers every query of one index reuses. Searching is done by module-level functions
 * over this state rather than closures or per-index code, so V8's optimised code is shared by
 * every index (fresh, restored, another catalogue) instead of being recompiled for each.
 */
export interface Searcher {
  /** Partial scores by slot; 0 means not touched by this query (every weight is positive). */
  accumulator: Float64Array;
  touched: Int32Array;
  candidates: Int32Array;
  readonly threshold: KthLargest;
  readonly best: TopSlots;
  // Per-query buffers, indexed by query term; grown for long queries, never shrunk.
  rest: Float64Array;
  restPostings: Float64Array;
  runEnd: Int32Array;
}

/** A searcher naming tools by `names` (slot to name, kept up to date by the store). */
export const createSearcher = (names: readonly (string | undefined)[]): Searcher => ({
  accumulator: new Float64Array(0),
  touched: new Int32Array(0),
  candidates: new Int32Array(0),
  threshold: kthLargest(),
  best: topSlots(names),
  rest: new Float64Array(0),
  restPostings: new Float64Array(0),
  runEnd: new Int32Array(0),
});

function reserve(s: Searcher, slots: number, m: number): void {
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
 * A lower bound on the final k-th best score: the k best partial scores' tools are scored in
 * full (terms from `from` on, found by galloping search) and the lowest of those k is taken.
 * Stops with −∞ (no bound, always valid) once one of them scores at most `useless`: the bound
 * would then neither prune nor raise the threshold enough to, so the other gallops are saved.
 */
function finalThreshold(
  s: Searcher,
  postings: TfidfPostings,
  query: QueryVector,
  from: number,
  seen: number,
  k: number,
  useless: number,
): number {
  const { offsets, docs, weights } = postings;
  const { accumulator, threshold } = s;
  const m = query.length;
  kthAccumulated(s.accumulator, s.threshold, s.touched, seen, k);
  let lowest = Number.POSITIVE_INFINITY;
  for (let h = 0; h < threshold.size; h++) {
    const slot = threshold.slots[h]!;
    let score = accumulator[slot]!;
    for (let j = from; j < m; j++) {
      const term = query.terms[j]!;
      const end = offsets[term + 1]!;
      const at = gallopTo(docs, offsets[term]!, end, slot);
      if (at < end && docs[at] === slot) score += query.weights[j]! * weights[at]!;
    }
    if (score <= useless) return Number.NEGATIVE_INFINITY;
    if (score < lowest) lowest = score;
  }
  return threshold.size < k ? Number.NEGATIVE_INFINITY : lowest;
}

/**
 * The best `k` tools by cosine, best first, ties by name. Terms (sorted by falling bound) are
 * scored term at a time into a dense accumulator until the k-th best score is known to exceed
 * what the remaining terms could add (max-score, checked after every term); from then on only
 * tools already seen are completed, galloping through the remaining (long) posting lists.
 * Every tool's score is summed in the same term order, pruned or not, so the top k is exactly
 * the exhaustive one (`exhaustive`: score every posting).
 */
export function searchTfidf(
  s: Searcher,
  postings: TfidfPostings,
  query: QueryVector,
  k: number,
  exhaustive = false,
): Ranking {
  const m = query.length;
  reserve(s, postings.slotCount, m);
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
    const w = query.weights[j]!;
    const end = offsets[terms[j]! + 1]!;
    for (let p = offsets[terms[j]!]!; p < end; p++) {
      const slot = docs[p]!;
      const score = accumulator[slot]!;
      if (score === 0) touched[seen++] = slot;
      accumulator[slot] = score + w * weights[p]!;
    }
    runEnd[runs++] = seen;
    credit += end - offsets[terms[j]!]!;
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
      s.accumulator,
      touched,
      seen,
      s.runEnd,
      runs,
      rest[completeFrom]!,
      theta,
      s.candidates,
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
        filterCredit += end - begin;
        for (let p = begin; p < end; p++) {
          const slot = docs[p]!;
          const score = accumulator[slot]!;
          if (score !== 0) accumulator[slot] = score + w * weights[p]!;
        }
      } else {
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
      theta = Math.max(theta, kthAccumulated(s.accumulator, s.threshold, candidates, count, k));
      count = keepReachable(
        s.accumulator,
        candidates,
        count,
        s.runEnd,
        runs,
        rest[j + 1]!,
        theta,
        s.candidates,
      );
    }
  }

  return takeBestAndClear(accumulator, pool, count, touched, seen, s.best, k);
}

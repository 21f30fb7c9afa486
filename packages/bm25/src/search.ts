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
import type { Postings } from './postings.js';
import type { QueryTerms } from './query-terms.js';

/**
 * The buffers every query of one index reuses. Searching is done by module-level functions
 * over this state rather than closures, so V8's optimised code is shared by every index
 * (a fresh index, a restored one, another catalogue) instead of being recompiled for each.
 */
export interface Searcher {
  accumulator: Float64Array;
  touched: Int32Array;
  candidates: Int32Array;
  readonly threshold: KthLargest;
  readonly best: TopSlots;
  /** Postings added plus postings sought, over all searches: how much work pruning saved. */
  work: number;
  // Per-query buffers, indexed by query term; grown for long queries, never shrunk.
  bound: Float64Array;
  order: Int32Array;
  terms: Int32Array;
  weights: Float64Array;
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
  work: 0,
  bound: new Float64Array(0),
  order: new Int32Array(0),
  terms: new Int32Array(0),
  weights: new Float64Array(0),
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
  if (s.bound.length < m + 1) {
    s.bound = new Float64Array(m + 1);
    s.order = new Int32Array(m + 1);
    s.terms = new Int32Array(m + 1);
    s.weights = new Float64Array(m + 1);
    s.rest = new Float64Array(m + 1);
    s.restPostings = new Float64Array(m + 1);
    s.runEnd = new Int32Array(m + 1);
  }
}

/** Whether query term x comes before y: larger bound first (bounds are in `rest`), then term id. */
const before = (rest: Float64Array, ids: Int32Array, x: number, y: number): boolean =>
  rest[x]! > rest[y]! || (rest[x]! === rest[y]! && ids[x]! < ids[y]!);

/**
 * Puts the query's terms in descending order of their upper bound (ties by term id) into
 * `terms`, `weights` and `bound`: insertion sort for the usual handful of terms.
 */
function sortTerms(s: Searcher, query: QueryTerms, maxImpact: Float32Array): void {
  const m = query.length;
  const { order, rest } = s;
  const ids = query.terms;
  // `rest` holds each query term's bound until the sort is done.
  for (let i = 0; i < m; i++) rest[i] = query.weights[i]! * maxImpact[ids[i]!]!;
  if (m > 32) {
    const sorted = Array.from({ length: m }, (_, i) => i).sort((x, y) =>
      before(rest, ids, x, y) ? -1 : before(rest, ids, y, x) ? 1 : 0,
    );
    for (let i = 0; i < m; i++) order[i] = sorted[i]!;
  } else {
    for (let i = 0; i < m; i++) {
      let j = i;
      while (j > 0 && before(rest, ids, i, order[j - 1]!)) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = i;
    }
  }
  for (let i = 0; i < m; i++) {
    s.terms[i] = ids[order[i]!]!;
    s.weights[i] = query.weights[order[i]!]!;
    s.bound[i] = rest[order[i]!]!;
  }
}

/**
 * A lower bound on the final k-th best score: the k best partial scores' tools are scored in
 * full (terms from `from` on, found by binary search) and the lowest of those k is taken.
 */
function finalThreshold(
  s: Searcher,
  postings: Postings,
  from: number,
  m: number,
  seen: number,
  k: number,
): number {
  const { offsets, slots, impacts } = postings;
  const { accumulator, threshold, terms, weights } = s;
  kthAccumulated(s.accumulator, s.threshold, s.touched, seen, k);
  let lowest = Number.POSITIVE_INFINITY;
  for (let h = 0; h < threshold.size; h++) {
    const slot = threshold.slots[h]!;
    let score = accumulator[slot]!;
    for (let j = from; j < m; j++) {
      const end = offsets[terms[j]! + 1]!;
      const at = gallopTo(slots, offsets[terms[j]!]!, end, slot);
      s.work += 1;
      if (at < end && slots[at] === slot) score += weights[j]! * impacts[at]!;
    }
    if (score < lowest) lowest = score;
  }
  return threshold.size < k ? Number.NEGATIVE_INFINITY : lowest;
}

/**
 * The best `k` tools for a query, best first, ties by name. Terms are scored in descending
 * order of their upper bound, term at a time into a dense accumulator, until the k-th best
 * partial score exceeds what the remaining terms could add (max-score); from then on only
 * tools already seen are completed, by galloping through the remaining (long) posting lists.
 * Every tool's score is summed in the same term order whether pruned or not, so the pruned
 * top k equals the exhaustive one (`exhaustive`: score every posting) exactly.
 */
export function search(
  s: Searcher,
  postings: Postings,
  query: QueryTerms,
  k: number,
  exhaustive = false,
): Ranking {
  const m = query.length;
  reserve(s, postings.slotCount, m);
  const { accumulator, touched, candidates, terms, weights, bound, rest, restPostings, runEnd } = s;
  const { offsets, slots, impacts, maxImpact } = postings;
  sortTerms(s, query, maxImpact);
  rest[m] = 0;
  restPostings[m] = 0;
  for (let i = m - 1; i >= 0; i--) {
    rest[i] = rest[i + 1]! + bound[i]!;
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
    const w = weights[j]!;
    const end = offsets[terms[j]! + 1]!;
    s.work += end - offsets[terms[j]!]!;
    for (let p = offsets[terms[j]!]!; p < end; p++) {
      const slot = slots[p]!;
      const score = accumulator[slot]!;
      if (score === 0) touched[seen++] = slot;
      accumulator[slot] = score + w * impacts[p]!;
    }
    runEnd[runs++] = seen;
    credit += end - offsets[terms[j]!]!;
    if (exhaustive || j + 1 === m || seen < k || seen * 2 >= restPostings[j + 1]!) continue;
    if (credit < k * (m - j - 1) + (seen >> 2)) continue;
    credit = 0;
    theta = Math.max(theta, finalThreshold(s, postings, j + 1, m, seen, k));
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
      const w = weights[j]!;
      const begin = offsets[terms[j]!]!;
      const end = offsets[terms[j]! + 1]!;
      if (end - begin <= count) {
        // A list no longer than the candidates is scanned rather than galloped: seen tools
        // (a score above 0) gain, unseen ones cannot win and stay at 0.
        s.work += end - begin;
        filterCredit += end - begin;
        for (let p = begin; p < end; p++) {
          const slot = slots[p]!;
          const score = accumulator[slot]!;
          if (score !== 0) accumulator[slot] = score + w * impacts[p]!;
        }
      } else {
        s.work += count;
        filterCredit += count;
        let from = 0;
        for (let r = 0; r < runs; r++) {
          let at = begin;
          for (let c = from; c < runEnd[r]!; c++) {
            const slot = candidates[c]!;
            at = gallopTo(slots, at, end, slot);
            if (at >= end) break;
            if (slots[at] === slot) accumulator[slot]! += w * impacts[at]!;
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

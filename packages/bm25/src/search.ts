import type { Ranking } from '@shortlist/core';
import { kthLargest } from './kth-largest.js';
import type { Postings } from './postings.js';
import type { QueryTerms } from './query-terms.js';
import { topSlots } from './top-slots.js';

/** Slack on bounds so float rounding in a different summation order never prunes a winner. */
const SLACK = 1 + 1e-9;

/** Scores a query against postings; holds the buffers every query reuses. */
export interface Searcher {
  /**
   * The best `k` slots, best first, ties by name. `exhaustive` scores every posting (the
   * reference the pruned search must equal).
   */
  search(postings: Postings, query: QueryTerms, k: number, exhaustive?: boolean): Ranking;
  /** Postings added plus postings sought, over all searches: how much work pruning saved. */
  readonly work: number;
}

/** First index in `[from, to)` whose slot is >= `target`, galloping from `from`. */
function seek(slots: Int32Array, from: number, to: number, target: number): number {
  if (from >= to || slots[from]! >= target) return from;
  let low = from;
  let step = 1;
  let probe = from + 1;
  while (probe < to && slots[probe]! < target) {
    low = probe;
    step *= 2;
    probe = low + step;
  }
  let left = low + 1;
  let right = Math.min(probe, to);
  while (left < right) {
    const middle = (left + right) >>> 1;
    if (slots[middle]! < target) left = middle + 1;
    else right = middle;
  }
  return left;
}

/**
 * Creates a searcher. Terms are scored in descending order of their upper bound, term at a time
 * into a dense accumulator, until the k-th best partial score exceeds what the remaining terms
 * could add (max-score); from then on only tools already seen are completed, by galloping
 * through the remaining (long) posting lists. Every tool's score is summed in the same term
 * order whether pruned or not, so the pruned top k equals the exhaustive one exactly.
 */
export function createSearcher(names: readonly (string | undefined)[]): Searcher {
  let accumulator = new Float64Array(0);
  let touched = new Int32Array(0);
  let candidates = new Int32Array(0);
  const threshold = kthLargest();
  const best = topSlots(names);
  let work = 0;
  // Per-query buffers, indexed by query term; grown for long queries, never shrunk.
  let bound = new Float64Array(0);
  let order = new Int32Array(0);
  let terms = new Int32Array(0);
  let weights = new Float64Array(0);
  let rest = new Float64Array(0);
  let restPostings = new Float64Array(0);
  let runEnd = new Int32Array(0);

  const reserve = (slots: number, m: number): void => {
    if (accumulator.length < slots) {
      accumulator = new Float64Array(slots);
      touched = new Int32Array(slots);
      candidates = new Int32Array(slots);
    }
    if (bound.length < m + 1) {
      bound = new Float64Array(m + 1);
      order = new Int32Array(m + 1);
      terms = new Int32Array(m + 1);
      weights = new Float64Array(m + 1);
      rest = new Float64Array(m + 1);
      restPostings = new Float64Array(m + 1);
      runEnd = new Int32Array(m + 1);
    }
  };

  /**
   * Puts the query's terms in descending order of their upper bound (ties by term id) into
   * `terms`, `weights` and `bound`: insertion sort for the usual handful of terms.
   */
  const sortTerms = (query: QueryTerms, maxImpact: Float32Array): void => {
    const m = query.length;
    const before = (x: number, y: number): boolean =>
      rest[x]! > rest[y]! || (rest[x]! === rest[y]! && query.terms[x]! < query.terms[y]!);
    // `rest` holds each query term's bound until the sort is done.
    for (let i = 0; i < m; i++) rest[i] = query.weights[i]! * maxImpact[query.terms[i]!]!;
    if (m > 32) {
      const sorted = Array.from({ length: m }, (_, i) => i).sort((x, y) =>
        before(x, y) ? -1 : before(y, x) ? 1 : 0,
      );
      for (let i = 0; i < m; i++) order[i] = sorted[i]!;
    } else {
      for (let i = 0; i < m; i++) {
        let j = i;
        while (j > 0 && before(i, order[j - 1]!)) {
          order[j] = order[j - 1]!;
          j--;
        }
        order[j] = i;
      }
    }
    for (let i = 0; i < m; i++) {
      terms[i] = query.terms[order[i]!]!;
      weights[i] = query.weights[order[i]!]!;
      bound[i] = rest[order[i]!]!;
    }
  };

  /**
   * Copies into `candidates` the slots of `from` that could still reach `theta` with `bound`
   * more, keeping run order, and rewrites `runEnd` to the new run boundaries.
   */
  const keep = (
    from: Int32Array,
    count: number,
    runEnd: Int32Array,
    runs: number,
    bound: number,
    theta: number,
  ): number => {
    let kept = 0;
    let start = 0;
    for (let r = 0; r < runs; r++) {
      const end = runEnd[r]!;
      for (let i = start; i < end && i < count; i++) {
        const slot = from[i]!;
        if ((accumulator[slot]! + bound) * SLACK >= theta) candidates[kept++] = slot;
      }
      start = end;
      runEnd[r] = kept;
    }
    return kept;
  };

  /**
   * The k-th largest accumulated score of `count` slots (-Infinity for fewer than k); the heap
   * keeps their slots. Scores that cannot enter are rejected before any call.
   */
  const kthScore = (from: Int32Array, count: number, k: number): number => {
    threshold.reset(k);
    let floor = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const score = accumulator[from[i]!]!;
      if (score > floor) {
        threshold.offer(from[i]!, score);
        floor = threshold.value;
      }
    }
    return floor;
  };

  /**
   * A lower bound on the final k-th best score: the k best partial scores' tools are scored in
   * full (terms from `from` on, found by binary search) and the lowest of those k is taken.
   */
  const finalThreshold = (
    postings: Postings,
    from: number,
    m: number,
    seen: number,
    k: number,
  ): number => {
    const { offsets, slots, impacts } = postings;
    kthScore(touched, seen, k);
    let lowest = Number.POSITIVE_INFINITY;
    for (let h = 0; h < threshold.size; h++) {
      const slot = threshold.slotAt(h);
      let score = accumulator[slot]!;
      for (let j = from; j < m; j++) {
        const end = offsets[terms[j]! + 1]!;
        const at = seek(slots, offsets[terms[j]!]!, end, slot);
        work += 1;
        if (at < end && slots[at] === slot) score += weights[j]! * impacts[at]!;
      }
      if (score < lowest) lowest = score;
    }
    return threshold.size < k ? Number.NEGATIVE_INFINITY : lowest;
  };

  return {
    get work() {
      return work;
    },
    search(postings, query, k, exhaustive = false) {
      const m = query.length;
      reserve(postings.slotCount, m);
      const scores = accumulator;
      const seenSlots = touched;
      const { offsets, slots, impacts, maxImpact } = postings;
      sortTerms(query, maxImpact);
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
      for (let j = 0; j < m; j++) {
        const w = weights[j]!;
        const end = offsets[terms[j]! + 1]!;
        work += end - offsets[terms[j]!]!;
        for (let p = offsets[terms[j]!]!; p < end; p++) {
          const slot = slots[p]!;
          const score = scores[slot]!;
          if (score === 0) seenSlots[seen++] = slot;
          scores[slot] = score + w * impacts[p]!;
        }
        runEnd[runs++] = seen;
        const remaining = rest[j + 1]!;
        if (exhaustive || j + 1 === m || seen < k || seen * 2 >= restPostings[j + 1]!) continue;
        theta = Math.max(theta, finalThreshold(postings, j + 1, m, seen, k));
        if (remaining * SLACK < theta) {
          completeFrom = j + 1;
          break;
        }
      }

      let count = seen;
      let pool = touched;
      if (completeFrom < m) {
        // Tools not seen yet score at most rest[completeFrom] < theta: only seen ones can win.
        pool = candidates;
        count = keep(touched, seen, runEnd, runs, rest[completeFrom]!, theta);
        for (let j = completeFrom; j < m && count > 0; j++) {
          const w = weights[j]!;
          const begin = offsets[terms[j]!]!;
          const end = offsets[terms[j]! + 1]!;
          work += count;
          let from = 0;
          for (let r = 0; r < runs; r++) {
            let at = begin;
            for (let c = from; c < runEnd[r]!; c++) {
              const slot = candidates[c]!;
              at = seek(slots, at, end, slot);
              if (at >= end) break;
              if (slots[at] === slot) accumulator[slot]! += w * impacts[at]!;
            }
            from = runEnd[r]!;
          }
          if (j + 1 === m) break;
          theta = Math.max(theta, kthScore(candidates, count, k));
          count = keep(candidates, count, runEnd, runs, rest[j + 1]!, theta);
        }
      }

      // One pass picks the best k (ties by name) and, when every seen tool is in the pool,
      // clears the accumulator behind it; otherwise the seen list is cleared after.
      best.reset(k);
      let floor = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const slot = pool[i]!;
        const score = accumulator[slot]!;
        if (pool === touched) accumulator[slot] = 0;
        if (score >= floor) {
          best.offer(slot, score);
          floor = best.floor;
        }
      }
      if (pool !== touched) for (let i = 0; i < seen; i++) accumulator[touched[i]!] = 0;
      const ranking = best.ranking();
      return ranking;
    },
  };
}

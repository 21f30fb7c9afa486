import type { RankedTool, Ranking } from '@shortlist/core';
import { kthLargest } from './kth-largest.js';
import type { Postings } from './postings.js';

/** Slack on bounds so float rounding in a different summation order never prunes a winner. */
const SLACK = 1 + 1e-9;

/** A query after analysis: distinct term ids and how often each occurred. */
export interface QueryTerms {
  readonly terms: Int32Array;
  readonly weights: Float64Array;
}

/** Scores a query against postings; holds the buffers every query reuses. */
export interface Searcher {
  /**
   * The best `k` slots, best first, ties by name. `exhaustive` scores every posting (the
   * reference the pruned search must equal).
   */
  search(
    postings: Postings,
    names: readonly (string | undefined)[],
    query: QueryTerms,
    k: number,
    exhaustive?: boolean,
  ): Ranking;
  /** Postings added plus postings sought, over all searches: how much work pruning saved. */
  readonly work: number;
}

/** Best first; equal scores in ascending name order (code unit order, as core's `topK`). */
const byScoreThenName = (x: RankedTool, y: RankedTool): number =>
  y.score - x.score || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);

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
export function createSearcher(): Searcher {
  let accumulator = new Float64Array(0);
  let touched = new Int32Array(0);
  let candidates = new Int32Array(0);
  const threshold = kthLargest();
  let work = 0;

  const reserve = (slots: number): void => {
    if (accumulator.length >= slots) return;
    accumulator = new Float64Array(slots);
    touched = new Int32Array(slots);
    candidates = new Int32Array(slots);
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
    terms: Int32Array,
    weights: Float64Array,
    from: number,
    seen: number,
    k: number,
  ): number => {
    const { offsets, slots, impacts } = postings;
    kthScore(touched, seen, k);
    let lowest = Number.POSITIVE_INFINITY;
    for (let h = 0; h < threshold.size; h++) {
      const slot = threshold.slotAt(h);
      let score = accumulator[slot]!;
      for (let j = from; j < terms.length; j++) {
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
    search(postings, names, query, k, exhaustive = false) {
      reserve(postings.slotCount);
      const scores = accumulator;
      const seenSlots = touched;
      const { offsets, slots, impacts, maxImpact } = postings;
      const m = query.terms.length;
      const bound = new Float64Array(m);
      for (let i = 0; i < m; i++) bound[i] = query.weights[i]! * maxImpact[query.terms[i]!]!;
      const order = Array.from({ length: m }, (_, i) => i).sort(
        (x, y) => bound[y]! - bound[x]! || query.terms[x]! - query.terms[y]!,
      );
      const terms = new Int32Array(m);
      const weights = new Float64Array(m);
      const rest = new Float64Array(m + 1);
      const restPostings = new Float64Array(m + 1);
      order.forEach((from, i) => {
        terms[i] = query.terms[from]!;
        weights[i] = query.weights[from]!;
      });
      for (let i = m - 1; i >= 0; i--) {
        rest[i] = rest[i + 1]! + bound[order[i]!]!;
        restPostings[i] = restPostings[i + 1]! + offsets[terms[i]! + 1]! - offsets[terms[i]!]!;
      }

      // Term at a time. Each term's newly seen slots are appended in slot order, so `touched`
      // is a sequence of sorted runs, one per term, which the completion phase walks run by run.
      const runEnd = new Int32Array(m + 1);
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
        theta = Math.max(theta, finalThreshold(postings, terms, weights, j + 1, seen, k));
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

      // The exact k-th best score (a float heap), then only tools reaching it (k plus any
      // ties) are sorted by score and name.
      const kth = kthScore(pool, count, k);
      const ranking: RankedTool[] = [];
      for (let i = 0; i < count; i++) {
        const slot = pool[i]!;
        if (accumulator[slot]! >= kth)
          ranking.push({ name: names[slot]!, score: accumulator[slot]! });
      }
      for (let i = 0; i < seen; i++) accumulator[touched[i]!] = 0;
      ranking.sort(byScoreThenName);
      if (ranking.length > k) ranking.length = k;
      return ranking;
    },
  };
}

import {
  type BoundedQuery,
  createMaxScoreSearcher,
  type MaxScoreSearcher,
  maxScorePlace,
  maxScoreSearch,
  type PlaceOptions,
  type Ranking,
} from '@shortlist/core/kit';
import type { Postings } from './postings.js';
import type { QueryTerms } from './query-terms.js';

/**
 * The buffers every query of one index reuses: core's max-score searcher, and the query's terms
 * sorted by falling bound, as `maxScoreSearch` reads them.
 */
export interface Searcher extends MaxScoreSearcher {
  readonly sorted: SortedTerms;
}

interface SortedTerms extends BoundedQuery {
  terms: Int32Array;
  weights: Float64Array;
  bounds: Float64Array;
  length: number;
  /** Scratch: query term positions in sorted order. */
  order: Int32Array;
}

/** A searcher naming tools by `names` (slot to name, kept up to date by the store). */
export const createSearcher = (names: readonly (string | undefined)[]): Searcher => ({
  ...createMaxScoreSearcher(names),
  sorted: {
    terms: new Int32Array(0),
    weights: new Float64Array(0),
    bounds: new Float64Array(0),
    length: 0,
    order: new Int32Array(0),
  },
});

/** Whether query term x comes before y: larger bound first, then term id. */
const before = (bounds: Float64Array, ids: Int32Array, x: number, y: number): boolean =>
  bounds[x]! > bounds[y]! || (bounds[x]! === bounds[y]! && ids[x]! < ids[y]!);

/**
 * Puts the query's terms in descending order of their upper bound (ties by term id) into
 * `sorted`: insertion sort for the usual handful of terms.
 */
function sortTerms(sorted: SortedTerms, query: QueryTerms, maxImpact: Float32Array): void {
  const m = query.length;
  if (sorted.terms.length < m) {
    sorted.terms = new Int32Array(m);
    sorted.weights = new Float64Array(m);
    sorted.bounds = new Float64Array(m);
    sorted.order = new Int32Array(m);
  }
  const { order, weights } = sorted;
  const ids = query.terms;
  // `weights` holds each query term's bound until the sort is done.
  for (let i = 0; i < m; i++) weights[i] = query.weights[i]! * maxImpact[ids[i]!]!;
  if (m > 32) {
    const byBound = Array.from({ length: m }, (_, i) => i).sort((x, y) =>
      before(weights, ids, x, y) ? -1 : before(weights, ids, y, x) ? 1 : 0,
    );
    for (let i = 0; i < m; i++) order[i] = byBound[i]!;
  } else {
    for (let i = 0; i < m; i++) {
      let j = i;
      while (j > 0 && before(weights, ids, i, order[j - 1]!)) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = i;
    }
  }
  for (let i = 0; i < m; i++) sorted.bounds[i] = weights[order[i]!]!;
  for (let i = 0; i < m; i++) {
    sorted.terms[i] = ids[order[i]!]!;
    weights[i] = query.weights[order[i]!]!;
  }
  sorted.length = m;
}

/**
 * The best `k` tools for a query, best first, ties by name: the query's terms sorted by bound,
 * then core's `maxScoreSearch`, so the pruned top k equals the exhaustive one exactly.
 */
export function search(
  s: Searcher,
  postings: Postings,
  query: QueryTerms,
  k: number,
  exhaustive = false,
): Ranking {
  sortTerms(s.sorted, query, postings.maxImpact);
  return maxScoreSearch(s, postings, s.sorted, k, exhaustive);
}

/** The best `head` tools, then the best `below` tools under them `only` accepts, with their ranks (`doPlace`). */
export function place(
  s: Searcher,
  postings: Postings,
  query: QueryTerms,
  { head, only, below }: Required<Pick<PlaceOptions, 'head' | 'only' | 'below'>>,
  slots: ReadonlyMap<string, number>,
): Ranking {
  sortTerms(s.sorted, query, postings.maxImpact);
  return maxScorePlace(s, postings, s.sorted, head, only, (name) => slots.get(name), below);
}

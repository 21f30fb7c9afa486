import { keepRarestTerms, MAX_QUERY_TERMS } from '@shortlist/core/kit';
import { dampCount } from './term-weights.js';
import type { TfidfPostings } from './tfidf-postings.js';
import type { TermLookup } from './tfidf-store.js';

/**
 * A query's unit tf·idf vector over indexed term ids, in `[0, length)`, with each term's upper
 * bound (query weight × the term's largest posting weight), sorted by falling bound. One object
 * per index, reused by every query, so analysis allocates nothing for the usual short query.
 */
export interface QueryVector {
  terms: Int32Array;
  weights: Float64Array;
  bounds: Float64Array;
  length: number;
  /** Position + 1 of each term id in the current query; 0 when absent. Cleared after use. */
  position: Int32Array;
  /** Scratch: term order for sorting. */
  order: Int32Array;
  scratchTerms: Int32Array;
  scratchWeights: Float64Array;
}

/** Buffers for `readQueryVector`; they grow to the longest query and vocabulary seen. */
export const queryVector = (): QueryVector => ({
  terms: new Int32Array(16),
  weights: new Float64Array(16),
  bounds: new Float64Array(16),
  length: 0,
  position: new Int32Array(0),
  order: new Int32Array(16),
  scratchTerms: new Int32Array(16),
  scratchWeights: new Float64Array(16),
});

function reserve(query: QueryVector, termCount: number, tokens: number): void {
  if (query.position.length < termCount) {
    query.position = new Int32Array(Math.max(termCount, query.position.length * 2));
  }
  if (query.terms.length < tokens) {
    query.terms = new Int32Array(tokens);
    query.weights = new Float64Array(tokens);
    query.bounds = new Float64Array(tokens);
    query.order = new Int32Array(tokens);
    query.scratchTerms = new Int32Array(tokens);
    query.scratchWeights = new Float64Array(tokens);
  }
}

/**
 * Reads a query's tokens into `query`: distinct terms some live tool has, in first-seen order,
 * counted (only the rarest `maxQueryTerms`, by default core's `MAX_QUERY_TERMS`, past that many), damped like a
 * tool's (`sublinearTf`), times idf, scaled to unit length, then sorted by falling bound (ties
 * keep first-seen order). Returns the number of terms (0: no match).
 */
export function readQueryVector(
  query: QueryVector,
  postings: TfidfPostings,
  termIds: TermLookup,
  documentFrequency: Int32Array,
  tokens: readonly string[],
  sublinearTf: boolean,
  maxQueryTerms: number = MAX_QUERY_TERMS,
): number {
  reserve(query, documentFrequency.length, tokens.length);
  const { terms, weights, position } = query;
  let m = 0;
  for (let i = 0; i < tokens.length; i++) {
    const id = termIds.get(tokens[i]!);
    if (id === undefined || documentFrequency[id] === 0) continue;
    const at = position[id]!;
    if (at > 0) {
      weights[at - 1]! += 1;
    } else {
      terms[m] = id;
      weights[m++] = 1;
      position[id] = m;
    }
  }
  for (let i = 0; i < m; i++) position[terms[i]!] = 0;
  m = keepRarestTerms(terms, weights, m, documentFrequency, maxQueryTerms);
  query.length = m;
  let squares = 0;
  for (let i = 0; i < m; i++) {
    const weight = (sublinearTf ? dampCount(weights[i]!) : weights[i]!) * postings.idf[terms[i]!]!;
    weights[i] = weight;
    squares += weight * weight;
  }
  if (squares === 0) {
    query.length = 0;
    return 0;
  }
  const inverseNorm = 1 / Math.sqrt(squares);
  for (let i = 0; i < m; i++) {
    weights[i]! *= inverseNorm;
    query.bounds[i] = weights[i]! * postings.maxWeights[terms[i]!]!;
  }
  sortByBound(query, m);
  return m;
}

/** Stable sort of the query's terms by falling bound: insertion sort for the usual few terms. */
function sortByBound(query: QueryVector, m: number): void {
  const { order, bounds } = query;
  if (m > 32) {
    const sorted = Array.from({ length: m }, (_, i) => i).sort((x, y) => bounds[y]! - bounds[x]!);
    for (let i = 0; i < m; i++) order[i] = sorted[i]!;
  } else {
    for (let i = 0; i < m; i++) {
      let j = i;
      while (j > 0 && bounds[i]! > bounds[order[j - 1]!]!) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = i;
    }
  }
  const { terms, weights, scratchTerms, scratchWeights } = query;
  for (let i = 0; i < m; i++) {
    scratchTerms[i] = terms[i]!;
    scratchWeights[i] = weights[i]!;
  }
  for (let i = 0; i < m; i++) {
    terms[i] = scratchTerms[order[i]!]!;
    weights[i] = scratchWeights[order[i]!]!;
  }
  for (let i = 0; i < m; i++) scratchWeights[i] = bounds[i]!;
  for (let i = 0; i < m; i++) bounds[i] = scratchWeights[order[i]!]!;
}

import type { TermStore } from './term-store.js';

/**
 * A query after analysis: distinct indexed term ids and how often each occurred, in
 * `[0, length)`. One object per index, reused by every query, so analysis allocates nothing.
 */
export interface QueryTerms {
  terms: Int32Array;
  weights: Float64Array;
  length: number;
  /** Position + 1 of each term id in the current query; 0 when absent. Cleared after use. */
  position: Int32Array;
}

/** Buffers for `readQueryTerms`. */
export const queryTermsBuffer = (): QueryTerms => ({
  terms: new Int32Array(16),
  weights: new Float64Array(16),
  length: 0,
  position: new Int32Array(0),
});

/**
 * Reads a query's tokens into `query`: the distinct indexed terms, each weighted by how often
 * it occurs; words the catalogue never uses are dropped before any scoring.
 */
export function readQueryTerms(
  query: QueryTerms,
  store: TermStore,
  tokens: readonly string[],
): QueryTerms {
  if (query.position.length < store.terms.length) {
    query.position = new Int32Array(Math.max(store.terms.length, query.position.length * 2));
  }
  if (query.terms.length < tokens.length) {
    query.terms = new Int32Array(tokens.length);
    query.weights = new Float64Array(tokens.length);
  }
  const { terms, weights, position } = query;
  let length = 0;
  for (let i = 0; i < tokens.length; i++) {
    const term = store.vocabulary.get(tokens[i]!);
    if (term === undefined || store.documentFrequency[term]! <= 0) continue;
    const at = position[term]!;
    if (at > 0) {
      weights[at - 1]! += 1;
    } else {
      terms[length] = term;
      weights[length++] = 1;
      position[term] = length;
    }
  }
  for (let i = 0; i < length; i++) position[terms[i]!] = 0;
  query.length = length;
  return query;
}

import type { TermStore } from './term-store.js';

/** A query after analysis: distinct term ids and how often each occurred, in `[0, length)`. */
export interface QueryTerms {
  terms: Int32Array;
  weights: Float64Array;
  length: number;
}

/**
 * Analyses queries into the distinct indexed terms they contain, each weighted by how often it
 * occurs; words the catalogue never uses are dropped before any scoring. The returned object
 * and its arrays are reused by the next call, so a query allocates nothing here.
 */
export function createQueryTerms(): (store: TermStore, tokens: readonly string[]) => QueryTerms {
  const query: QueryTerms = { terms: new Int32Array(16), weights: new Float64Array(16), length: 0 };
  /** Position + 1 of each term id in the current query; 0 when absent. Reset after use. */
  let position = new Int32Array(0);
  return (store, tokens) => {
    if (position.length < store.terms.length) {
      position = new Int32Array(Math.max(store.terms.length, position.length * 2));
    }
    if (query.terms.length < tokens.length) {
      query.terms = new Int32Array(tokens.length);
      query.weights = new Float64Array(tokens.length);
    }
    const { terms, weights } = query;
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
  };
}

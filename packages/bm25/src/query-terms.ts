import type { QueryTerms } from './search.js';
import type { TermStore } from './term-store.js';

/**
 * Analyses a query into the distinct indexed terms it contains, each weighted by how often it
 * occurs; words the catalogue never uses are dropped here, before any scoring.
 */
export function queryTerms(store: TermStore, tokens: readonly string[]): QueryTerms {
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const term = store.vocabulary.get(token);
    if (term !== undefined && store.documentFrequency[term]! > 0) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  const terms = new Int32Array(counts.size);
  const weights = new Float64Array(counts.size);
  let i = 0;
  for (const [term, count] of counts) {
    terms[i] = term;
    weights[i++] = count;
  }
  return { terms, weights };
}

import { keepRarestTerms } from '@shortlist/core/kit';
import { type AsciiTerms, NOT_ASCII, scanAscii } from './ascii-terms.js';
import { type TermStore, vocabularyOf } from './term-store.js';

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
  /** Term keys of an ASCII query, as the scanner writes them. */
  keys: Uint32Array;
}

/** Buffers for `readQueryTerms`. */
export const queryTermsBuffer = (): QueryTerms => ({
  terms: new Int32Array(16),
  weights: new Float64Array(16),
  length: 0,
  position: new Int32Array(0),
  keys: new Uint32Array(64),
});

/**
 * Reads a query's tokens into `query`: the distinct indexed terms, each weighted by how often
 * it occurs; words the catalogue never uses are dropped before any scoring, and past
 * `MAX_QUERY_TERMS` distinct terms only the rarest are kept.
 */
export function readQueryTerms(
  query: QueryTerms,
  store: TermStore,
  tokens: readonly string[],
): QueryTerms {
  reserveQuery(query, store, tokens.length);
  const vocabulary = vocabularyOf(store);
  query.length = 0;
  for (let i = 0; i < tokens.length; i++) {
    const term = vocabulary.get(tokens[i]!);
    if (term !== undefined) count(query, store, term);
  }
  return done(query, store);
}

/**
 * `readQueryTerms` for an ASCII query under the default chain: words go straight to term ids
 * through the store's ASCII table, with the same terms as the tokenizer would give. Returns
 * `undefined` for a query with other characters, which takes the tokenizer.
 */
export function readAsciiQuery(
  query: QueryTerms,
  store: TermStore,
  ascii: AsciiTerms,
  text: string,
): QueryTerms | undefined {
  if (query.keys.length < text.length) query.keys = new Uint32Array(text.length);
  const end = scanAscii(ascii, text, 0, query.keys, 0, undefined);
  if (end === NOT_ASCII) return undefined;
  reserveQuery(query, store, end);
  query.length = 0;
  for (let i = 0; i < end; i++) count(query, store, query.keys[i]! >>> 3);
  return done(query, store);
}

function reserveQuery(query: QueryTerms, store: TermStore, tokens: number): void {
  if (query.position.length < store.terms.length) {
    query.position = new Int32Array(Math.max(store.terms.length, query.position.length * 2));
  }
  if (query.terms.length < tokens) {
    query.terms = new Int32Array(tokens);
    query.weights = new Float64Array(tokens);
  }
}

/** Adds one occurrence of `term`, unless no live tool has it. */
function count(query: QueryTerms, store: TermStore, term: number): void {
  if (store.documentFrequency[term]! <= 0) return;
  const at = query.position[term]!;
  if (at > 0) {
    query.weights[at - 1]! += 1;
  } else {
    query.terms[query.length] = term;
    query.weights[query.length++] = 1;
    query.position[term] = query.length;
  }
}

/** Clears the positions marked while counting; keeps the rarest `MAX_QUERY_TERMS` (core's policy). */
function done(query: QueryTerms, store: TermStore): QueryTerms {
  for (let i = 0; i < query.length; i++) query.position[query.terms[i]!] = 0;
  query.length = keepRarestTerms(query.terms, query.weights, query.length, store.documentFrequency);
  return query;
}

/**
 * The query-size policy of the lexical rankers: a query scores at most this many distinct
 * catalogue terms. Scoring cost grows with the square of the term count (max-score pruning
 * completes the top k over every remaining term), so a pasted novel would take seconds; real
 * requests, even a 2,000-character conversation query, stay under it and are scored unchanged.
 */
export const MAX_QUERY_TERMS = 256;

/**
 * Keeps the `max` most informative of a query's `length` distinct terms (`terms[i]` with query
 * weight `weights[i]`), in place and in their query order: the rarest in the catalogue (highest
 * idf), ties to the term seen first. Returns the new length; a query within `max` is untouched.
 */
export function keepRarestTerms(
  terms: Int32Array,
  weights: Float64Array,
  length: number,
  documentFrequency: ArrayLike<number>,
  max: number = MAX_QUERY_TERMS,
): number {
  if (length <= max) return length;
  const order = Array.from({ length }, (_, i) => i).sort(
    (x, y) => documentFrequency[terms[x]!]! - documentFrequency[terms[y]!]! || x - y,
  );
  const keep = new Uint8Array(length);
  for (let i = 0; i < max; i++) keep[order[i]!] = 1;
  let kept = 0;
  for (let i = 0; i < length; i++) {
    if (!keep[i]) continue;
    terms[kept] = terms[i]!;
    weights[kept++] = weights[i]!;
  }
  return kept;
}

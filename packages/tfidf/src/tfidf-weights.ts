/** Smoothed idf of a term `frequency` of `documents` live documents have. */
export const smoothedIdf = (documents: number, frequency: number): number =>
  Math.log((1 + documents) / (1 + frequency)) + 1;

/**
 * 1 / |d| of one document's tf·idf vector, summed over its entries `[start, end)` in their stored
 * order (ascending term id), or 0 for a document with no weighted term. The one computation of
 * the norm: compiling postings and writing a snapshot must agree to the last bit.
 */
export function inverseNorm(
  entryTerms: Int32Array,
  entryWeights: Float64Array,
  start: number,
  end: number,
  idf: Float64Array,
): number {
  let squares = 0;
  for (let e = start; e < end; e++) {
    const w = entryWeights[e]! * idf[entryTerms[e]!]!;
    squares += w * w;
  }
  return squares === 0 ? 0 : 1 / Math.sqrt(squares);
}

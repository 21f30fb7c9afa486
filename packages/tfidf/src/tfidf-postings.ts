/**
 * The inverted index in compressed-sparse-row form: term t's postings are
 * `[offsets[t], offsets[t + 1])`, in ascending slot order, each with its weight tf·idf / |d|,
 * so a query only multiplies and adds.
 */
export interface TfidfPostings {
  readonly offsets: Int32Array;
  readonly docs: Int32Array;
  readonly weights: Float64Array;
  /** Largest posting weight of each term: bounds what the term can add to any score. */
  readonly maxWeights: Float64Array;
  /** Smoothed idf of each term (0 for terms no live tool has). */
  readonly idf: Float64Array;
  /** Slots the accumulator must cover. */
  readonly slotCount: number;
}

/** Postings of an empty index. */
export const emptyPostings = (): TfidfPostings => ({
  offsets: new Int32Array(1),
  docs: new Int32Array(0),
  weights: new Float64Array(0),
  maxWeights: new Float64Array(0),
  idf: new Float64Array(0),
  slotCount: 0,
});

/**
 * The rows of a mostly-zero matrix by dimension (compressed sparse columns), so a query with
 * few non-zero dimensions touches only the rows that share one. Rows ascend within a dimension.
 */
export interface SparsePostings {
  readonly starts: Int32Array;
  readonly rows: Int32Array;
  readonly values: Float32Array;
}

/** Builds the postings of the first `count` rows of a row-major matrix, in O(non-zeros + d). */
export function buildPostings(
  matrix: Float32Array,
  count: number,
  dimensions: number,
  nonZeros: number,
): SparsePostings {
  const starts = new Int32Array(dimensions + 1);
  for (let row = 0, at = 0; row < count; row++) {
    for (let dim = 1; dim <= dimensions; dim++, at++) if (matrix[at] !== 0) starts[dim]!++;
  }
  for (let dim = 0; dim < dimensions; dim++) starts[dim + 1]! += starts[dim]!;
  const fill = starts.slice(0, dimensions);
  const rows = new Int32Array(nonZeros);
  const values = new Float32Array(nonZeros);
  for (let row = 0, at = 0; row < count; row++) {
    for (let dim = 0; dim < dimensions; dim++, at++) {
      const value = matrix[at]!;
      if (value === 0) continue;
      const slot = fill[dim]!++;
      rows[slot] = row;
      values[slot] = value;
    }
  }
  return { starts, rows, values };
}

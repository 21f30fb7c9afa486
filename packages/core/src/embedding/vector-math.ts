/** Scales a vector to unit length in place; a zero vector stays zero. Returns it. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i]! *= scale;
  return vector;
}

/** Dot product of `query` with row `row` of a row-major matrix of `query.length` columns. */
export function dotRow(matrix: Float32Array, row: number, query: Float32Array): number {
  const dimensions = query.length;
  const offset = row * dimensions;
  let sum = 0;
  for (let i = 0; i < dimensions; i++) sum += matrix[offset + i]! * query[i]!;
  return sum;
}

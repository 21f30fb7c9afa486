import { dotRow, type Neighbour, normalize, topK } from '@shortlist/core/kit';

/** The search the vector index replaced (a dot with every row, a top-k heap), the baseline of the speed-ups. */
export function bruteForceScan(rows: readonly Float32Array[], keys: readonly string[]) {
  const dimensions = rows[0]?.length ?? 0;
  const matrix = new Float32Array(rows.length * dimensions);
  rows.forEach((row, i) => {
    matrix.set(normalize(Float32Array.from(row)), i * dimensions);
  });
  return (query: Float32Array, k: number): Neighbour[] => {
    const unit = normalize(Float32Array.from(query));
    const best = topK(k, (row) => keys[row]!);
    for (let row = 0; row < rows.length; row++) best.push(row, dotRow(matrix, row, unit));
    return best.drain().map(({ id, score }) => ({ key: keys[id]!, score }));
  };
}

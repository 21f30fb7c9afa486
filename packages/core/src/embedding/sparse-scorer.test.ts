import { describe, expect, it } from 'vitest';
import { seededRandom } from '../util/seeded-random.js';
import { createSparseScatter } from './sparse-scatter.js';
import { buildSparseScorer } from './sparse-scorer.js';
import { dotRow, normalize } from './vector-math.js';

/** Unit rows with a few non-zeros of either sign, common dimensions favoured (like char n-grams). */
function sparseMatrix(count: number, dimensions: number, seed: number) {
  const next = seededRandom(seed);
  const matrix = new Float32Array(count * dimensions);
  let nonZeros = 0;
  for (let row = 0; row < count; row++) {
    const vector = matrix.subarray(row * dimensions, (row + 1) * dimensions);
    for (let t = 0, terms = 1 + Math.floor(next() * 30); t < terms; t++) {
      vector[Math.floor(next() ** 3 * dimensions)]! += (next() - 0.4) * 3;
    }
    normalize(vector);
    for (const value of vector) if (value !== 0) nonZeros++;
  }
  return { matrix, nonZeros };
}

describe('buildSparseScorer', () => {
  const dimensions = 512;
  const queries = Array.from({ length: 8 }, (_, i) => {
    const { matrix } = sparseMatrix(1, dimensions, 100 + i);
    return matrix;
  });

  it('gives every row the bits of dotRow, in WebAssembly and in plain arrays', () => {
    const { matrix, nonZeros } = sparseMatrix(2500, dimensions, 1);
    const scatter = createSparseScatter();
    expect(scatter).toBeDefined(); // Node 20 has WebAssembly: the fast path is what runs
    const scorers = [
      buildSparseScorer(matrix, 2500, dimensions, nonZeros, scatter),
      buildSparseScorer(matrix, 2500, dimensions, nonZeros, undefined),
    ];
    for (const query of [...queries, new Float32Array(dimensions)]) {
      const expected = Array.from({ length: 2500 }, (_, row) => dotRow(matrix, row, query));
      for (const scorer of scorers) expect([...scorer.scores(query)]).toEqual(expected);
    }
  });

  it('reuses and grows one WebAssembly memory across rebuilds of fewer and more rows', () => {
    const scatter = createSparseScatter()!;
    for (const count of [3000, 200, 9000, 1]) {
      const { matrix, nonZeros } = sparseMatrix(count, dimensions, count);
      const scorer = buildSparseScorer(matrix, count, dimensions, nonZeros, scatter);
      const query = queries[count % queries.length]!;
      const scores = scorer.scores(query);
      expect(scores.length).toBe(count);
      for (let row = 0; row < count; row++) {
        expect(scores[row]).toBe(dotRow(matrix, row, query));
      }
    }
  });
});

import { buildPostings } from './sparse-postings.js';
import type { SparseScatter } from './sparse-scatter.js';

/** Scores every row of a mostly-zero matrix against a query through postings by dimension. */
export interface SparseScorer {
  /**
   * The dot product of each row with `unit`, bit-identical to `dotRow`: each row adds the same
   * non-zero products in the same (ascending dimension) order. Valid until the next call.
   */
  scores(unit: Float32Array): Float64Array;
}

/** WebAssembly pages are 64 KiB; its 32-bit addresses stop at 4 GiB. */
const PAGE = 65536;
const MAX_BYTES = 2 ** 32 - PAGE;

/**
 * Builds the postings of the first `count` rows, in `wasm`'s memory when given (growing it
 * as needed, reused across rebuilds) and in plain arrays when not or when they would not fit.
 */
export function buildSparseScorer(
  matrix: Float32Array,
  count: number,
  dimensions: number,
  nonZeros: number,
  wasm: SparseScatter | undefined,
): SparseScorer {
  return (
    (wasm && wasmScorer(matrix, count, dimensions, nonZeros, wasm)) ??
    jsScorer(matrix, count, dimensions, nonZeros)
  );
}

function jsScorer(
  matrix: Float32Array,
  count: number,
  dimensions: number,
  nonZeros: number,
): SparseScorer {
  const { starts, rows, values } = buildPostings(matrix, count, dimensions, nonZeros);
  const scores = new Float64Array(count);
  return {
    scores(unit) {
      scores.fill(0);
      for (let dim = 0; dim < dimensions; dim++) {
        const weight = unit[dim]!;
        if (weight === 0) continue;
        for (let at = starts[dim]!, end = starts[dim + 1]!; at < end; at++) {
          scores[rows[at]!]! += values[at]! * weight;
        }
      }
      return scores;
    },
  };
}

/** Layout: starts (i32 × d+1), query dims (i32 × d), weights (f64 × d), scores (f64 × rows), postings (8 bytes each). */
function wasmScorer(
  matrix: Float32Array,
  count: number,
  dimensions: number,
  nonZeros: number,
  wasm: SparseScatter,
): SparseScorer | undefined {
  const align = (bytes: number) => Math.ceil(bytes / 8) * 8;
  const startsAt = 0;
  const dimsAt = align(startsAt + 4 * (dimensions + 1));
  const weightsAt = align(dimsAt + 4 * dimensions);
  const scoresAt = weightsAt + 8 * dimensions;
  const postingsAt = scoresAt + 8 * count;
  const bytes = postingsAt + 8 * nonZeros;
  if (bytes > MAX_BYTES) return undefined;
  const missing = Math.ceil(bytes / PAGE) - wasm.memory.buffer.byteLength / PAGE;
  if (missing > 0) {
    try {
      wasm.memory.grow(missing);
    } catch {
      return undefined; // the engine refused the memory: the plain arrays may still fit
    }
  }
  const buffer = wasm.memory.buffer;
  const starts = new Int32Array(buffer, startsAt, dimensions + 1);
  starts.fill(0);
  for (let row = 0, at = 0; row < count; row++) {
    for (let dim = 1; dim <= dimensions; dim++, at++) if (matrix[at] !== 0) starts[dim]!++;
  }
  for (let dim = 0; dim < dimensions; dim++) starts[dim + 1]! += starts[dim]!;
  const fill = starts.slice(0, dimensions);
  const rowOffsets = new Int32Array(buffer, postingsAt, 2 * nonZeros);
  const values = new Float32Array(buffer, postingsAt, 2 * nonZeros);
  for (let row = 0, at = 0; row < count; row++) {
    for (let dim = 0; dim < dimensions; dim++, at++) {
      const value = matrix[at]!;
      if (value === 0) continue;
      const slot = 2 * fill[dim]!++;
      rowOffsets[slot] = 8 * row;
      values[slot + 1] = value;
    }
  }
  const dims = new Int32Array(buffer, dimsAt, dimensions);
  const weights = new Float64Array(buffer, weightsAt, dimensions);
  const scores = new Float64Array(buffer, scoresAt, count);
  return {
    scores(unit) {
      let used = 0;
      for (let dim = 0; dim < dimensions; dim++) {
        const weight = unit[dim]!;
        if (weight === 0) continue;
        dims[used] = dim;
        weights[used++] = weight;
      }
      scores.fill(0);
      wasm.scatter(startsAt, postingsAt, dimsAt, weightsAt, used, scoresAt);
      return scores;
    },
  };
}

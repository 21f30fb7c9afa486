import { zeroVectorAt } from '@shortlist/core/kit';
import type { HFPooling } from './hf-embedder-options.js';

/** Thrown inside pooling; the embedder turns it into an `invalid-response` ApiCallError. */
export class OutputShapeError extends Error {}

function depth(value: unknown): number {
  let d = 0;
  let x = value;
  while (Array.isArray(x)) {
    d++;
    x = x[0];
  }
  return d;
}

function toVector(values: unknown[]): Float32Array {
  const out = new Float32Array(values.length);
  values.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new OutputShapeError(`a non-finite or non-number component at [${i}]`);
    }
    out[i] = v;
    // A finite double beyond ±3.4e38 becomes ±Infinity as a float32.
    if (!Number.isFinite(out[i])) {
      throw new OutputShapeError(`a component at [${i}] (${v}) too large for a float32`);
    }
  });
  return out;
}

function pool(tokens: unknown[][], pooling: HFPooling): Float32Array {
  // Sums of huge components can still overflow; the check after pooling catches that.
  if (tokens.length === 0) throw new OutputShapeError('no token vectors to pool');
  const rows = tokens.map((row) => toVector(row));
  if (pooling === 'cls') return rows[0]!;
  const width = rows[0]!.length;
  const sum = new Float64Array(width);
  for (const row of rows) {
    if (row.length !== width) throw new OutputShapeError('token vectors of different lengths');
    for (let i = 0; i < width; i++) sum[i]! += row[i]!;
  }
  const pooled = Float32Array.from(sum, (v) => v / rows.length);
  if (!pooled.every(Number.isFinite))
    throw new OutputShapeError('a pooled vector too large for a float32');
  return pooled;
}

/** One text's output: a vector, per-token vectors, or per-token vectors under a batch of one. */
function vectorOf(item: unknown, pooling: HFPooling): Float32Array {
  if (!Array.isArray(item)) throw new OutputShapeError('an item that is not an array');
  const d = depth(item);
  if (d === 1) return toVector(item);
  if (d === 2) return pool(item as unknown[][], pooling);
  if (d === 3 && item.length === 1) return vectorOf(item[0], pooling);
  throw new OutputShapeError(`an item nested ${d} deep`);
}

/**
 * Normalises every shape feature extraction returns to one vector per text: `number[]` (one
 * text), `number[][]` (a batch, or one text's tokens), `number[][][]` (a batch of per-token
 * vectors, pooled), and the same under an extra batch-of-one level.
 */
export function poolOutput(output: unknown, count: number, pooling: HFPooling): Float32Array[] {
  const vectors = poolShapes(output, count, pooling);
  const zero = zeroVectorAt(vectors);
  if (zero !== -1) throw new OutputShapeError(`a vector of zeros only for input ${zero}`);
  return vectors;
}

function poolShapes(output: unknown, count: number, pooling: HFPooling): Float32Array[] {
  if (!Array.isArray(output)) throw new OutputShapeError('a body that is not an array');
  if (count === 1) {
    if (depth(output) === 1) return [toVector(output)];
    return [vectorOf(output.length === 1 ? output[0] : output, pooling)];
  }
  if (output.length !== count) {
    throw new OutputShapeError(`${output.length} outputs for ${count} inputs`);
  }
  return output.map((item) => vectorOf(item, pooling));
}

/** Scales a vector to unit length in place; a zero vector stays zero. */
export function unitLength(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

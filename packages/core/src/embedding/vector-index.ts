import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { kthLargest, kthValue, offerKth, resetKth } from '../ranking/kth-largest.js';
import {
  offerTop,
  resetTop,
  type TopSlots,
  takeRanking,
  topFloor,
  topSlots,
} from '../ranking/top-slots.js';
import { topK } from '../util/top-k.js';
import { createInt8Dots, type Int8Dots } from './int8-dots.js';
import { quantizeInto } from './quantize.js';
import { createSparseScatter, type SparseScatter } from './sparse-scatter.js';
import { buildSparseScorer, type SparseScorer } from './sparse-scorer.js';
import { dotRow, normalize } from './vector-math.js';

/** One nearest neighbour: the key it was stored under and its cosine similarity. */
export interface Neighbour {
  readonly key: string;
  readonly score: number;
}

/**
 * Unit vectors searched by cosine, exactly: the same neighbours and scores as a full scan of
 * dot products. Mostly-zero rows are searched through sparse postings; dense rows by an int8
 * SIMD scan whose error bound picks the rows to score exactly. Removal swaps the last row in.
 */
export interface VectorIndex {
  readonly dimensions: number;
  readonly size: number;
  /** Stores a copy of `vector`, normalised, under `key` (keys need not be unique). */
  add(key: string, vector: Float32Array): void;
  /** Removes every row stored under one of `keys`. */
  removeKeys(keys: ReadonlySet<string>): void;
  /**
   * The `k` rows most similar to `query`, best first; ties by key. With `accept`, only rows whose
   * key it accepts (a select's scope), tested only for rows that would enter the `k` best.
   */
  search(query: Float32Array, k: number, accept?: (key: string) => boolean): Neighbour[];
  /** Rows (unit length, as stored) and keys, for snapshots. */
  export(): { keys: string[]; vectors: Float32Array };
  /**
   * Fills an empty index with rows from `export()`, adopting `vectors` as its storage (no copy,
   * no re-normalising; copied before the index first writes to it, so the caller's bytes never
   * change); throws `CorruptDataError` if a row is not of unit length.
   */
  import(keys: readonly string[], vectors: Float32Array): void;
}

/** A test of a row's key: a select's scope. */
type Accept = (key: string) => boolean;

/** Added to every bound: covers float rounding in the bound and the exact score (both ≪ 1e-9 for unit vectors). */
const BOUND_SLACK = 1e-9;
/**
 * Sparse search when at most this share of the stored values is non-zero: it then visits at
 * most that share of the values an int8 scan would, whatever the query. (MetaTool's lexical
 * rows at 1,024 dimensions, 17% non-zero: 3.0 ms against 5.3 ms for the int8 scan.)
 */
const SPARSE_DENSITY = 1 / 4;
/** Below this many stored values (rows × dimensions) a plain scan is as fast. */
const MIN_QUANTIZED_VALUES = 1 << 16;
/** A stored row's squared norm is 1 within float32 rounding; far beyond this it was not ours. */
const UNIT_TOLERANCE = 1e-3;

/** How a search ran: a plain scan, the sparse postings, or the int8 scan with exact rescoring. */
export type SearchMethod = 'scan' | 'sparse' | 'quantized';

/** `observe` is told how each search ran (for tests and benchmarks). */
export function createVectorIndex(
  dimensions: number,
  initialCapacity = 64,
  observe?: (method: SearchMethod) => void,
): VectorIndex {
  let capacity = Math.max(1, initialCapacity);
  let matrix: Float32Array = new Float32Array(capacity * dimensions);
  /** The matrix is the caller's (from `import`): copy it before writing to it. */
  let adopted = false;
  const keys: string[] = [];
  const nameOf = (row: number) => keys[row]!;
  /** Non-zero values per row, their total, and rows holding a non-finite value. */
  let nonZeros = new Int32Array(capacity);
  let totalNonZeros = 0;
  let nonFiniteRows = 0;
  let postings: SparseScorer | undefined;
  let scatter: SparseScatter | null | undefined;
  const dense = denseLayer(dimensions);
  const top = topSlots(keys);

  const grow = (): void => {
    capacity *= 2;
    const next = new Float32Array(capacity * dimensions);
    next.set(matrix);
    matrix = next;
    adopted = false;
    const counts = new Int32Array(capacity);
    counts.set(nonZeros);
    nonZeros = counts;
  };

  const countRow = (row: number, sign: 1 | -1): void => {
    let count = 0;
    let finite = true;
    for (let i = row * dimensions, end = i + dimensions; i < end; i++) {
      const value = matrix[i]!;
      if (value !== 0) count++;
      if (!Number.isFinite(value)) finite = false;
    }
    if (sign === 1) nonZeros[row] = count;
    totalNonZeros += sign * count;
    if (!finite) nonFiniteRows += sign;
  };

  const bruteForce = (unit: Float32Array, k: number, accept?: Accept): Neighbour[] => {
    observe?.('scan');
    const best = topK(k, nameOf);
    for (let row = 0; row < keys.length; row++) {
      if (accept === undefined || accept(keys[row]!)) best.push(row, dotRow(matrix, row, unit));
    }
    return best.drain().map(({ id, score }) => ({ key: keys[id]!, score }));
  };

  const sparseSearch = (unit: Float32Array, k: number, accept?: Accept): Neighbour[] => {
    observe?.('sparse');
    const size = keys.length;
    if (!postings) {
      scatter ??= createSparseScatter() ?? null;
      postings = buildSparseScorer(matrix, size, dimensions, totalNonZeros, scatter ?? undefined);
    }
    // Every row's score is bit-identical to dotRow's (see SparseScorer); a row that shares no
    // dimension with the query scores exactly 0, as dotRow gives it.
    return bestRows(postings.scores(unit), size, k, top, accept && ((row) => accept(keys[row]!)));
  };

  const quantizedSearch = (unit: Float32Array, k: number): Neighbour[] | undefined => {
    const coarse = dense.scan(matrix, keys.length, unit);
    if (coarse === undefined) return undefined;
    observe?.('quantized');
    const { approx, bound } = coarse;
    const size = keys.length;
    // k-th best lower bound: every row whose upper bound is below it has k rows scoring above.
    resetKth(dense.heap, k);
    for (let row = 0; row < size; row++) offerKth(dense.heap, row, approx[row]! - bound[row]!);
    const floor = kthValue(dense.heap);
    const best = topK(k, nameOf);
    for (let row = 0; row < size; row++) {
      if (approx[row]! + bound[row]! >= floor) best.push(row, dotRow(matrix, row, unit));
    }
    return best.drain().map(({ id, score }) => ({ key: keys[id]!, score }));
  };

  return {
    dimensions,
    get size() {
      return keys.length;
    },
    add(key, vector) {
      if (keys.length === capacity) grow();
      const row = keys.length;
      matrix.set(normalize(Float32Array.from(vector)), row * dimensions);
      keys.push(key);
      countRow(row, 1);
      postings = undefined;
    },
    removeKeys(remove) {
      for (let row = keys.length - 1; row >= 0; row--) {
        if (!remove.has(keys[row]!)) continue;
        const last = keys.length - 1;
        countRow(row, -1);
        if (row !== last) {
          if (adopted) {
            matrix = matrix.slice();
            adopted = false;
          }
          matrix.copyWithin(row * dimensions, last * dimensions, (last + 1) * dimensions);
          keys[row] = keys[last]!;
          nonZeros[row] = nonZeros[last]!;
          dense.moveRow(last, row);
        }
        keys.pop();
        dense.truncate(keys.length);
        postings = undefined;
      }
    },
    search(query, k, accept) {
      const unit = normalize(Float32Array.from(query));
      const size = keys.length;
      if (k <= 0 || size === 0 || nonFiniteRows > 0 || !allFinite(unit)) {
        return bruteForce(unit, k, accept);
      }
      if (totalNonZeros <= SPARSE_DENSITY * size * dimensions) {
        return sparseSearch(unit, k, accept);
      }
      // A scope reads every row's exact score once: the int8 bound assumes every row may count.
      if (accept) return bruteForce(unit, k, accept);
      if (size > 4 * k && size * dimensions >= MIN_QUANTIZED_VALUES) {
        const found = quantizedSearch(unit, k);
        if (found) return found;
      }
      return bruteForce(unit, k);
    },
    export() {
      return { keys: [...keys], vectors: matrix.slice(0, keys.length * dimensions) };
    },
    import(given, rows) {
      if (keys.length > 0) {
        throw new InvalidArgumentError({
          argument: 'import(keys, vectors)',
          expected: 'an empty vector index',
          message: 'vector index import(keys, vectors) fills an empty index; create a new one',
        });
      }
      const fail = (why: string): never => {
        throw new CorruptDataError({
          source: 'vector index rows',
          message: `vector index rows cannot be imported: ${why}; re-index the tools`,
        });
      };
      if (!(rows instanceof Float32Array) || rows.length !== given.length * dimensions) {
        fail(`expected ${given.length} rows of ${dimensions} values`);
      }
      if (given.length === 0) return;
      // One pass: the counts search needs, and a check that every finite row is a unit vector.
      const counts = new Int32Array(given.length);
      const facts = new Int32Array(1);
      let total = 0;
      let nonFinite = 0;
      for (let row = 0; row < given.length; row++) {
        const squares = rowFacts(rows, row * dimensions, dimensions, facts);
        const count = facts[0]!;
        if (!Number.isFinite(squares)) nonFinite++;
        else if (count > 0 && Math.abs(squares - 1) > UNIT_TOLERANCE) {
          fail(`row ${row} (${String(given[row])}) is not of unit length`);
        }
        counts[row] = count;
        total += count;
      }
      matrix = rows;
      adopted = true;
      capacity = given.length;
      nonZeros = counts;
      totalNonZeros = total;
      nonFiniteRows = nonFinite;
      for (const key of given) keys.push(key);
      postings = undefined;
    },
  };
}

/**
 * A row's sum of squares, its non-zero count in `facts[0]`. A function of its own, not a nested
 * loop: called once per row, it is optimised after a few rows, where a just-started process would
 * run one long nested loop uncompiled until on-stack replacement.
 */
function rowFacts(rows: Float32Array, start: number, length: number, facts: Int32Array): number {
  let count = 0;
  let squares = 0;
  for (let i = start, end = start + length; i < end; i++) {
    const value = rows[i]!;
    if (value !== 0) count++;
    squares += value * value;
  }
  facts[0] = count;
  return squares;
}

/** Whether every value is finite (a plain loop: `every` with a callback costs more per search). */
function allFinite(vector: Float32Array): boolean {
  for (let i = 0; i < vector.length; i++) if (!Number.isFinite(vector[i]!)) return false;
  return true;
}

/**
 * The best `k` of the first `size` scores, ties by key as `topK`: one pass, cheap rejections;
 * `accept` is asked only of rows scoring at least the k-th best so far.
 */
function bestRows(
  scores: Float64Array,
  size: number,
  k: number,
  top: TopSlots,
  accept?: (row: number) => boolean,
): Neighbour[] {
  resetTop(top, k);
  let floor = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < size; row++) {
    const score = scores[row]!;
    if (score < floor) continue;
    if (accept !== undefined && !accept(row)) continue;
    offerTop(top, row, score);
    floor = topFloor(top);
  }
  return takeRanking(top).map(({ name, score }) => ({ key: name, score }));
}

/**
 * The int8 copy of the rows in WebAssembly memory (query, then rows, then the i32 dots), with
 * per-row scale and norms; rows are quantised lazily, when a search first needs them.
 */
function denseLayer(dimensions: number) {
  const stride = Math.ceil(dimensions / 16) * 16;
  let wasm: Int8Dots | null | undefined;
  let rowCapacity = 0;
  let quantized = 0;
  let scales = new Float64Array(0);
  let errorNorms = new Float64Array(0);
  let norms = new Float64Array(0);
  let approx = new Float64Array(0);
  let bound = new Float64Array(0);
  const heap = kthLargest();
  const queryCodes = new Int16Array(stride);
  // The query in int16: its rounding error is ~250× the rows', so the bound is nearly the rows'
  // alone. Its largest code keeps every i32 lane sum (stride/4 products) from overflowing.
  const queryMaxCode = Math.min(32767, Math.floor(0x7fffffff / (127 * (stride / 4))));
  const rowsOffset = 2 * stride;
  const codes = (): Int8Array => new Int8Array(wasm!.memory.buffer);

  const reserve = (rows: number): void => {
    if (rows <= rowCapacity) return;
    const next = Math.max(rows, rowCapacity * 2, 64);
    const bytes = rowsOffset + next * stride + next * 4;
    const pages = Math.ceil(bytes / 65536) - wasm!.memory.buffer.byteLength / 65536;
    if (pages > 0) wasm!.memory.grow(pages);
    const widen = (array: Float64Array) => {
      const wider = new Float64Array(next);
      wider.set(array);
      return wider;
    };
    scales = widen(scales);
    errorNorms = widen(errorNorms);
    norms = widen(norms);
    approx = new Float64Array(next);
    bound = new Float64Array(next);
    rowCapacity = next;
  };

  return {
    heap,
    /** Approximate scores and their error bounds for the first `size` rows, or undefined without WebAssembly SIMD. */
    scan(matrix: Float32Array, size: number, unit: Float32Array) {
      if (wasm === undefined) wasm = createInt8Dots() ?? null;
      if (wasm === null) return undefined;
      reserve(size);
      const memory = codes();
      for (; quantized < size; quantized++) {
        const q = quantizeInto(
          matrix,
          quantized * dimensions,
          dimensions,
          memory,
          rowsOffset + quantized * stride,
        );
        scales[quantized] = q.scale;
        errorNorms[quantized] = q.errorNorm;
        norms[quantized] = q.norm;
      }
      const query = quantizeInto(unit, 0, dimensions, queryCodes, 0, queryMaxCode);
      new Int16Array(wasm.memory.buffer, 0, stride).set(queryCodes);
      const outOffset = rowsOffset + rowCapacity * stride;
      wasm.dots(rowsOffset, size, stride, 0, outOffset);
      const dots = new Int32Array(wasm.memory.buffer, outOffset, size);
      let unitNorm = 0;
      for (let i = 0; i < dimensions; i++) unitNorm += unit[i]! * unit[i]!;
      unitNorm = Math.sqrt(unitNorm);
      // |x·y − x̂·ŷ| = |(x − x̂)·y + x̂·(y − ŷ)| ≤ ‖x − x̂‖‖y‖ + ‖x̂‖‖y − ŷ‖
      for (let row = 0; row < size; row++) {
        approx[row] = dots[row]! * scales[row]! * query.scale;
        bound[row] = errorNorms[row]! * unitNorm + norms[row]! * query.errorNorm + BOUND_SLACK;
      }
      return { approx, bound };
    },
    /** Row `from` now lives at `to` (removal swapped it in). */
    moveRow(from: number, to: number) {
      if (to >= quantized) return;
      if (from >= quantized) {
        quantized = to;
        return;
      }
      codes().copyWithin(
        rowsOffset + to * stride,
        rowsOffset + from * stride,
        rowsOffset + (from + 1) * stride,
      );
      scales[to] = scales[from]!;
      errorNorms[to] = errorNorms[from]!;
      norms[to] = norms[from]!;
    },
    /** The index holds `size` rows now. */
    truncate(size: number) {
      quantized = Math.min(quantized, size);
    },
  };
}

import { describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { seededRandom } from '../util/seeded-random.js';
import { createInt8Dots } from './int8-dots.js';
import { createVectorIndex, type Neighbour, type SearchMethod } from './vector-index.js';

function unit(vector: Float32Array): Float32Array {
  const copy = Float32Array.from(vector);
  let sum = 0;
  for (const value of copy) sum += value * value;
  if (sum === 0) return copy;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < copy.length; i++) copy[i]! *= scale;
  return copy;
}

/** The scan the index replaced: normalise, dot every row in float64, sort by score then key. */
function bruteForce(rows: readonly [string, Float32Array][]) {
  const units = rows.map(([key, vector]) => [key, unit(vector)] as const);
  return (query: Float32Array, k: number): Neighbour[] => {
    const q = unit(query);
    return units
      .map(([key, row]) => {
        let score = 0;
        for (let i = 0; i < q.length; i++) score += row[i]! * q[i]!;
        return { key, score };
      })
      .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, Math.max(0, k));
  };
}

const gaussian = (next: () => number) =>
  Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());

/** Clustered dense vectors (like real embeddings: topics plus noise), some duplicated. */
function denseRows(count: number, dimensions: number, seed: number): [string, Float32Array][] {
  const next = seededRandom(seed);
  const centres = Array.from({ length: 20 }, () =>
    Float32Array.from({ length: dimensions }, () => gaussian(next)),
  );
  const rows: [string, Float32Array][] = [];
  for (let i = 0; i < count; i++) {
    const centre = centres[i % centres.length]!;
    const vector =
      i % 97 === 5
        ? Float32Array.from(rows[i - 5]![1])
        : Float32Array.from(centre, (value) => value * 0.6 + gaussian(next));
    rows.push([`tool-${(i * 7919) % count}`, vector]);
  }
  return rows;
}

/** Mostly-zero non-negative vectors like the lexical embedder's. */
function sparseRows(count: number, dimensions: number, seed: number): [string, Float32Array][] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const vector = new Float32Array(dimensions);
    const terms = 2 + Math.floor(next() * 12);
    for (let t = 0; t < terms; t++) vector[Math.floor(next() ** 2 * dimensions)]! += 0.5 + next();
    return [`t${i % Math.floor(count / 2)}`, vector] as [string, Float32Array];
  });
}

const methods = new Set<SearchMethod>();

function indexOf(rows: readonly [string, Float32Array][], dimensions: number) {
  const index = createVectorIndex(dimensions, 64, (method) => methods.add(method));
  for (const [key, vector] of rows) index.add(key, vector);
  return index;
}

describe('createVectorIndex: identical to a brute-force scan', () => {
  it('computes int8 × int16 dot products in WebAssembly SIMD exactly, padding included', () => {
    const wasm = createInt8Dots();
    expect(wasm).toBeDefined();
    const [count, stride, queryOffset, rowsOffset] = [7, 48, 0, 96];
    const outOffset = rowsOffset + count * stride;
    wasm!.memory.grow(1);
    const next = seededRandom(3);
    const query = Int16Array.from({ length: stride }, () => Math.round((next() - 0.5) * 65534));
    const rows = Int8Array.from({ length: count * stride }, () => Math.round((next() - 0.5) * 254));
    new Int16Array(wasm!.memory.buffer, queryOffset, stride).set(query);
    new Int8Array(wasm!.memory.buffer, rowsOffset, count * stride).set(rows);
    wasm!.dots(rowsOffset, count, stride, queryOffset, outOffset);
    const expected = Array.from({ length: count }, (_, row) => {
      let sum = 0;
      for (let i = 0; i < stride; i++) sum += rows[row * stride + i]! * query[i]!;
      return sum;
    });
    expect(Array.from(new Int32Array(wasm!.memory.buffer, outOffset, count))).toEqual(expected);
  });

  it.each([
    [3000, 384],
    [1000, 1536],
    [700, 100],
  ])('dense %i × %i: same neighbours and scores, ties by key', (count, dimensions) => {
    methods.clear();
    const rows = denseRows(count, dimensions, count + dimensions);
    const index = indexOf(rows, dimensions);
    const reference = bruteForce(rows);
    const queries = denseRows(12, dimensions, 99).map(([, vector], i) =>
      i % 5 === 0 ? Float32Array.from(rows[i * 11]![1]) : vector,
    );
    for (const query of queries) {
      for (const k of [1, 10, 40]) {
        expect(index.search(query, k)).toEqual(reference(query, k));
      }
    }
    expect(methods).toContain('quantized');
  });

  it('sparse rows (lexical embedder shape): same neighbours, zero-score rows included by key', () => {
    const dimensions = 1024;
    const rows = sparseRows(3000, dimensions, 5);
    const index = indexOf(rows, dimensions);
    const reference = bruteForce(rows);
    methods.clear();
    const queries = sparseRows(12, dimensions, 77).map(([, vector]) => vector);
    queries.push(new Float32Array(dimensions));
    for (const query of queries) {
      for (const k of [5, 200, 3000]) {
        expect(index.search(query, k)).toEqual(reference(query, k));
      }
    }
    expect([...methods]).toEqual(['sparse']);
  });

  it('sparse rows stay identical after removals and re-adds (postings rebuilt)', () => {
    const dimensions = 1024;
    let rows = sparseRows(2000, dimensions, 6).map(
      ([key, vector], i) =>
        [`${key}-${i % 5}`, i % 3 ? vector : vector.map((value) => -value)] as [
          string,
          Float32Array,
        ],
    );
    const index = indexOf(rows, dimensions);
    const query = sparseRows(1, dimensions, 13)[0]![1];
    methods.clear();
    expect(index.search(query, 200)).toEqual(bruteForce(rows)(query, 200));
    const removed = new Set(rows.filter((_, i) => i % 4 === 1).map(([key]) => key));
    index.removeKeys(removed);
    rows = rows.filter(([key]) => !removed.has(key));
    expect(index.search(query, 200)).toEqual(bruteForce(rows)(query, 200));
    const extra = sparseRows(3000, dimensions, 21).map(
      ([key, vector]) => [`new-${key}`, vector] as [string, Float32Array],
    );
    for (const [key, vector] of extra) index.add(key, vector);
    rows = [...rows, ...extra];
    expect(index.search(query, 200)).toEqual(bruteForce(rows)(query, 200));
    expect([...methods]).toEqual(['sparse']);
  });

  it('stays identical after removals, re-adds and mixed signs', () => {
    const dimensions = 256;
    let rows = denseRows(1200, dimensions, 3).map(
      ([key, vector], i) =>
        [key, i % 2 ? vector.map((value) => -value) : vector] as [string, Float32Array],
    );
    const index = indexOf(rows, dimensions);
    const query = denseRows(1, dimensions, 8)[0]![1];
    expect(index.search(query, 10)).toEqual(bruteForce(rows)(query, 10));
    const removed = new Set(rows.filter((_, i) => i % 3 === 0).map(([key]) => key));
    index.removeKeys(removed);
    rows = rows.filter(([key]) => !removed.has(key));
    expect(index.size).toBe(rows.length);
    expect(index.search(query, 10)).toEqual(bruteForce(rows)(query, 10));
    const extra = denseRows(300, dimensions, 11).map(
      ([key, vector]) => [`new-${key}`, vector] as [string, Float32Array],
    );
    for (const [key, vector] of extra) index.add(key, vector);
    rows = [...rows, ...extra];
    expect(index.search(query, 25)).toEqual(bruteForce(rows)(query, 25));
    const exported = index.export();
    expect(exported.keys).toEqual(
      rows.map(([key]) => key).sort((a, b) => exported.keys.indexOf(a) - exported.keys.indexOf(b)),
    );
  });

  it('falls back to the plain scan for non-finite values, with the same result', () => {
    const dimensions = 64;
    const rows = denseRows(2000, dimensions, 4);
    rows[7]![1][3] = Number.NaN;
    const index = indexOf(rows, dimensions);
    const query = denseRows(1, dimensions, 9)[0]![1];
    const found = index.search(query, 5);
    expect(found.map(({ key }) => key)).toEqual(
      bruteForce(rows)(query, 2000)
        .filter(({ score }) => !Number.isNaN(score))
        .slice(0, 5)
        .map(({ key }) => key),
    );
  });

  it("searches within a scope: the scope's best rows, as a scan of the scope alone finds them", () => {
    for (const [rows, dimensions] of [
      [sparseRows(3000, 1024, 9), 1024],
      [denseRows(3000, 384, 9), 384],
    ] as const) {
      const index = indexOf(rows, dimensions);
      const scoped = (key: string) => key.endsWith('7');
      const reference = bruteForce(rows.filter(([key]) => scoped(key)));
      for (const [, query] of rows.slice(0, 6)) {
        for (const k of [1, 5, 400])
          expect(index.search(query, k, scoped)).toEqual(reference(query, k));
      }
    }
  });

  it('handles k of 0, larger than the index, and an empty index', () => {
    const rows = denseRows(100, 32, 1);
    const index = indexOf(rows, 32);
    const query = rows[3]![1];
    expect(index.search(query, 0)).toEqual([]);
    expect(index.search(query, 500)).toEqual(bruteForce(rows)(query, 500));
    expect(createVectorIndex(32).search(query, 3)).toEqual([]);
  });
});

describe('createVectorIndex: import()', () => {
  it('adopts exported rows: the same results as the index it came from, then grows and shrinks like it', () => {
    const dimensions = 64;
    const rows = denseRows(1500, dimensions, 21);
    const original = indexOf(rows, dimensions);
    const { keys, vectors } = original.export();
    const restored = createVectorIndex(dimensions, keys.length);
    restored.import(keys, vectors);
    expect(restored.size).toBe(rows.length);
    expect(restored.export()).toEqual({ keys, vectors });
    for (const seed of [31, 32, 33]) {
      const query = denseRows(1, dimensions, seed)[0]![1];
      expect(restored.search(query, 10)).toEqual(original.search(query, 10));
    }
    const extra = denseRows(50, dimensions, 34).map(
      ([key, vector]) => [`new-${key}`, vector] as [string, Float32Array],
    );
    const removed = new Set(keys.filter((_, i) => i % 4 === 0));
    for (const index of [original, restored]) {
      for (const [key, vector] of extra) index.add(key, vector);
      index.removeKeys(removed);
    }
    const query = denseRows(1, dimensions, 35)[0]![1];
    expect(restored.search(query, 20)).toEqual(original.search(query, 20));
    expect(restored.export()).toEqual(original.export());
  });

  it('keeps the sparse path and the non-finite fallback of the rows it adopts', () => {
    const dimensions = 64;
    const sparse: [string, Float32Array][] = Array.from({ length: 500 }, (_, i) => {
      const vector = new Float32Array(dimensions);
      vector[i % dimensions] = 1;
      vector[(i * 7) % dimensions] = 2;
      return [`s${i}`, vector];
    });
    sparse[3]![1][5] = Number.NaN;
    const original = createVectorIndex(dimensions);
    for (const [key, vector] of sparse) original.add(key, vector);
    const { keys, vectors } = original.export();
    const restored = createVectorIndex(dimensions);
    restored.import(keys, vectors);
    const query = sparse[10]![1];
    expect(restored.search(query, 5)).toEqual(original.search(query, 5));
  });

  it('refuses rows that are not unit vectors, a wrong length, and a non-empty index', () => {
    const index = createVectorIndex(4);
    const notUnit = Float32Array.of(1, 0, 0, 0, 0.5, 0.5, 0, 0);
    expect(() => index.import(['a', 'b'], notUnit)).toThrow(CorruptDataError);
    expect(() => index.import(['a', 'b'], notUnit)).toThrow(/row 1 \(b\) is not of unit length/);
    expect(() => index.import(['a'], new Float32Array(3))).toThrow(/expected 1 rows of 4 values/);
    expect(index.size).toBe(0);
    index.import(['a', 'z'], Float32Array.of(1, 0, 0, 0, 0, 0, 0, 0));
    expect(index.size).toBe(2);
    expect(() => index.import(['c'], Float32Array.of(0, 1, 0, 0))).toThrow(InvalidArgumentError);
  });
});

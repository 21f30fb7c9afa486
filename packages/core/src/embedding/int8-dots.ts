import {
  get,
  I32,
  I32_ADD,
  I32_EQZ,
  I32_LT_U,
  I32_STORE,
  i32Const,
  set,
  tee,
  uleb,
  V128,
  vector,
  type WasmMemory,
  wasmKernel,
} from './wasm-assembly.js';

/**
 * Dot products of an int16 query with many int8 rows in WebAssembly SIMD (i16 dot, i32 sums):
 * the coarse pass of the vector index. The module is a few hundred bytes, assembled here, so
 * nothing is downloaded or built.
 */
export interface Int8Dots {
  /** The module's memory; views must be re-made after `ensure` grows it. */
  readonly memory: WasmMemory;
  /** Writes `count` i32 dots of int8 rows at `rowsOffset` (each `stride` bytes) with the int16 query at `queryOffset` (2·stride bytes) to `outOffset`. */
  dots(
    rowsOffset: number,
    count: number,
    stride: number,
    queryOffset: number,
    outOffset: number,
  ): void;
}

const simd = (op: number, ...immediates: number[]) => [0xfd, ...uleb(op), ...immediates];
const V128_LOAD = simd(0x00, 0, 0);
const V128_LOAD_16 = simd(0x00, 0, 16);
const V128_ZERO = simd(0x0c, ...new Array(16).fill(0));
const EXTEND_LOW_S = simd(0x87);
const EXTEND_HIGH_S = simd(0x88);
const DOT_I16X8_S = simd(0xba);
const I32X4_ADD = simd(0xae);
const lane = (index: number) => simd(0x1b, index);

// Parameters then locals.
const [ROWS, COUNT, STRIDE, QUERY, OUT, R, J, P, Q, ACC, A] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

function body(): number[] {
  // acc += dot(widened half of the row's 16 bytes, the query's 8 int16 values at q + offset)
  const halfDot = (extend: number[], load: number[]) => [
    ...get(A),
    ...extend,
    ...get(Q),
    ...load,
    ...DOT_I16X8_S,
    ...I32X4_ADD,
  ];
  const code = [
    ...get(ROWS),
    ...set(P),
    ...[0x02, 0x40], // block $done
    ...get(COUNT),
    ...I32_EQZ,
    ...[0x0d, 0], // br_if $done
    ...[0x03, 0x40], // loop $row
    ...V128_ZERO,
    ...set(ACC),
    ...i32Const(0),
    ...set(J),
    ...[0x03, 0x40], // loop $column
    ...[...get(P), ...get(J), ...I32_ADD, ...V128_LOAD, ...set(A)],
    ...[...get(QUERY), ...get(J), ...I32_ADD, ...get(J), ...I32_ADD, ...set(Q)],
    ...get(ACC),
    ...halfDot(EXTEND_LOW_S, V128_LOAD),
    ...halfDot(EXTEND_HIGH_S, V128_LOAD_16),
    ...set(ACC),
    ...[...get(J), ...i32Const(16), ...I32_ADD, ...tee(J), ...get(STRIDE), ...I32_LT_U],
    ...[0x0d, 0], // br_if $column
    0x0b, // end $column
    ...get(OUT),
    ...[...get(ACC), ...lane(0), ...get(ACC), ...lane(1), ...I32_ADD],
    ...[...get(ACC), ...lane(2), ...I32_ADD, ...get(ACC), ...lane(3), ...I32_ADD],
    ...I32_STORE,
    ...[...get(OUT), ...i32Const(4), ...I32_ADD, ...set(OUT)],
    ...[...get(P), ...get(STRIDE), ...I32_ADD, ...set(P)],
    ...[...get(R), ...i32Const(1), ...I32_ADD, ...tee(R), ...get(COUNT), ...I32_LT_U],
    ...[0x0d, 0], // br_if $row
    0x0b, // end $row
    0x0b, // end $done
    0x0b, // end function
  ];
  const locals = vector([
    [4, I32],
    [2, V128],
  ]);
  return [...uleb(locals.length + code.length), ...locals, ...code];
}

/** A fresh instance with its own memory, or undefined where WebAssembly SIMD is unavailable. */
export const createInt8Dots: () => Int8Dots | undefined = wasmKernel<Int8Dots>('dots', 5, body);

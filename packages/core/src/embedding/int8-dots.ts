/**
 * Dot products of an int16 query with many int8 rows in WebAssembly SIMD (i16 dot, i32 sums):
 * the coarse pass of the vector index. The module is a few hundred bytes, assembled here, so
 * nothing is downloaded or built.
 */
/** The part of WebAssembly used here (core's lib settings carry no WebAssembly types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
};

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

const uleb = (value: number): number[] => {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
};
const vector = (items: readonly number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (text: string): number[] => [
  ...uleb(text.length),
  ...[...text].map((c) => c.charCodeAt(0)),
];

// Opcodes (core and SIMD), named as in the text format.
const I32 = 0x7f;
const V128 = 0x7b;
const get = (local: number) => [0x20, local];
const set = (local: number) => [0x21, local];
const tee = (local: number) => [0x22, local];
const i32Const = (value: number) => [0x41, ...uleb(value)];
const I32_ADD = [0x6a];
const I32_EQZ = [0x45];
const I32_LT_U = [0x49];
const I32_STORE = [0x36, 2, 0];
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

/** The module's bytes: memory and `dots` exported. */
export function int8DotsModuleBytes(): Uint8Array {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, ...vector([[I32], [I32], [I32], [I32], [I32]]), 0]])),
    ...section(3, vector([[0]])),
    ...section(5, vector([[0x00, 1]])),
    ...section(
      7,
      vector([
        [...name('memory'), 0x02, 0],
        [...name('dots'), 0x00, 0],
      ]),
    ),
    ...section(10, vector([body()])),
  ]);
}

let compiled: object | null | undefined;

/** A fresh instance with its own memory, or undefined where WebAssembly SIMD is unavailable. */
export function createInt8Dots(): Int8Dots | undefined {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(int8DotsModuleBytes());
    } catch {
      compiled = null;
    }
  }
  if (compiled === null) return undefined;
  const { exports } = new WebAssembly.Instance(compiled, {});
  return {
    memory: exports.memory as WasmMemory,
    dots: exports.dots as Int8Dots['dots'],
  };
}

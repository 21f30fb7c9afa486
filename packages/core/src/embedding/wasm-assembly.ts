/**
 * Just enough of the WebAssembly binary format to assemble the vector index's small kernels
 * in place, so nothing is downloaded or built. Opcodes are named as in the text format.
 */

/** The part of WebAssembly used here (core's lib settings carry no WebAssembly types). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
};

export const uleb = (value: number): number[] => {
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
export const vector = (items: readonly number[][]): number[] => [
  ...uleb(items.length),
  ...items.flat(),
];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (text: string): number[] => [
  ...uleb(text.length),
  ...[...text].map((c) => c.charCodeAt(0)),
];

export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;
export const get = (local: number) => [0x20, local];
export const set = (local: number) => [0x21, local];
export const tee = (local: number) => [0x22, local];
export const i32Const = (value: number) => [0x41, ...uleb(value)];
export const I32_ADD = [0x6a];
export const I32_EQZ = [0x45];
export const I32_LT_U = [0x49];
export const I32_SHL = [0x74];
export const I32_STORE = [0x36, 2, 0];

/**
 * A module of one exported function `exported` (all `params` i32, no result) and one exported
 * memory; `code` is the function's body, locals included.
 */
function moduleBytes(exported: string, params: number, code: number[]): Uint8Array {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, ...vector(new Array(params).fill([I32])), 0]])),
    ...section(3, vector([[0]])),
    ...section(5, vector([[0x00, 1]])),
    ...section(
      7,
      vector([
        [...name('memory'), 0x02, 0],
        [...name(exported), 0x00, 0],
      ]),
    ),
    ...section(10, vector([code])),
  ]);
}

/**
 * Makes fresh instances, each with its own memory, of the module `moduleBytes(exported, params,
 * body())`, assembled and compiled on the first call; undefined where WebAssembly (or an
 * instruction used) is unavailable. An instance is `{ memory, [exported]: function }`.
 */
export function wasmKernel<T extends { readonly memory: WasmMemory }>(
  exported: string,
  params: number,
  body: () => number[],
): () => T | undefined {
  let compiled: object | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        compiled = new WebAssembly.Module(moduleBytes(exported, params, body()));
      } catch {
        compiled = null;
      }
    }
    if (compiled === null) return undefined;
    const exports = new WebAssembly.Instance(compiled, {}).exports;
    return { memory: exports.memory, [exported]: exports[exported] } as T;
  };
}

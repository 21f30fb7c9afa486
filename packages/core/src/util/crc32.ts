/**
 * CRC-32 (the IEEE / zlib polynomial) in portable TypeScript, slicing by 8 bytes: snapshots must
 * be checksummed on edge runtimes and in browsers, where `node:zlib` does not exist.
 */

const POLYNOMIAL = 0xedb88320;
const SLICES = 8;

/** Eight 256-entry tables: table k gives the CRC of a byte followed by k zero bytes. */
function buildTables(): Int32Array {
  const tables = new Int32Array(256 * SLICES);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[n]!;
    for (let k = 1; k < SLICES; k++) {
      c = tables[c & 0xff]! ^ (c >>> 8);
      tables[k * 256 + n] = c;
    }
  }
  return tables;
}

let tables: Int32Array | undefined;

/** CRC-32 of `bytes` computed in JavaScript; the same value as zlib's `crc32(bytes)`. */
export function portableCrc32(bytes: Uint8Array): number {
  tables ??= buildTables();
  const t = tables;
  let crc = -1;
  let i = 0;
  const length = bytes.length;
  const whole = length - (length % SLICES);
  for (; i < whole; i += SLICES) {
    const low =
      crc ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    crc =
      t[7 * 256 + (low & 0xff)]! ^
      t[6 * 256 + ((low >>> 8) & 0xff)]! ^
      t[5 * 256 + ((low >>> 16) & 0xff)]! ^
      t[4 * 256 + (low >>> 24)]! ^
      t[3 * 256 + bytes[i + 4]!]! ^
      t[2 * 256 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < length; i++) crc = t[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

type Crc32 = (bytes: Uint8Array) => number;

/**
 * zlib's native CRC-32 where the runtime offers Node's built-ins without an import
 * (`process.getBuiltinModule`, Node ≥ 20.16): a process that has just started checksums a
 * megabyte in 0.3 ms, where the portable loop, not yet compiled, takes about 20
 * (`node lab/crc32-cold.mjs`). Undefined on edge runtimes and in browsers.
 */
function nativeCrc32(): Crc32 | undefined {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const zlib = host?.getBuiltinModule?.('node:zlib') as { crc32?: Crc32 } | undefined;
    return typeof zlib?.crc32 === 'function' ? zlib.crc32 : undefined;
  } catch {
    return undefined;
  }
}

let chosen: Crc32 | undefined;

/** CRC-32 of `bytes`: native where the runtime has it, else `portableCrc32`; identical results. */
export function crc32(bytes: Uint8Array): number {
  chosen ??= nativeCrc32() ?? portableCrc32;
  return chosen(bytes);
}

import { crc32 } from 'node:zlib';

/** First bytes of an embedding cache file: "SLEMBED" and a format version byte. */
export const FILE_HEADER: Uint8Array = Uint8Array.from([
  0x53, 0x4c, 0x45, 0x4d, 0x42, 0x45, 0x44, 1,
]);
/** How many leading bytes identify the file as a cache, whatever its version. */
export const FILE_MAGIC_LENGTH = 7;

const RECORD_MAGIC = 0x52434553; // "SECR" little-endian
const FIXED = 16; // magic, key length, dimensions, checksum
const MAX_KEY_BYTES = 65_536;
const MAX_DIMENSIONS = 1 << 20;

/** A stored entry: its key and vector. */
interface CacheRecord {
  readonly key: string;
  readonly vector: Float32Array;
}

/**
 * Encodes one record: u32 magic, u32 key bytes, u32 dimensions, UTF-8 key, float32 data (all
 * little-endian), then a CRC-32 of everything before it, so a torn or altered record is detected.
 */
export function encodeRecord(key: string, vector: Float32Array): Uint8Array {
  const keyBytes = new TextEncoder().encode(key);
  const size = FIXED + keyBytes.length + vector.length * 4;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, RECORD_MAGIC, true);
  view.setUint32(4, keyBytes.length, true);
  view.setUint32(8, vector.length, true);
  bytes.set(keyBytes, 12);
  let offset = 12 + keyBytes.length;
  for (let i = 0; i < vector.length; i++, offset += 4) view.setFloat32(offset, vector[i]!, true);
  view.setUint32(offset, crc32(bytes.subarray(0, offset)), true);
  return bytes;
}

/** A record read at some offset, or why none could be read there. */
export type DecodeResult =
  | { readonly ok: true; readonly record: CacheRecord; readonly length: number }
  | { readonly ok: false; readonly torn: boolean };

/**
 * Reads the record starting at `offset`. `torn` means the bytes end before the record does
 * (a write cut short); any other failure means the bytes there are not a valid record.
 */
export function decodeRecord(bytes: Uint8Array, offset: number): DecodeResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (offset + FIXED > bytes.length) return { ok: false, torn: true };
  if (view.getUint32(offset, true) !== RECORD_MAGIC) return { ok: false, torn: false };
  const keyLength = view.getUint32(offset + 4, true);
  const dimensions = view.getUint32(offset + 8, true);
  if (keyLength > MAX_KEY_BYTES || dimensions > MAX_DIMENSIONS) return { ok: false, torn: false };
  const length = FIXED + keyLength + dimensions * 4;
  if (offset + length > bytes.length) return { ok: false, torn: true };
  const end = offset + length - 4;
  if (view.getUint32(end, true) !== crc32(bytes.subarray(offset, end))) {
    return { ok: false, torn: false };
  }
  const key = new TextDecoder().decode(bytes.subarray(offset + 12, offset + 12 + keyLength));
  const vector = new Float32Array(dimensions);
  const data = offset + 12 + keyLength;
  for (let i = 0; i < dimensions; i++) vector[i] = view.getFloat32(data + i * 4, true);
  return { ok: true, record: { key, vector }, length };
}

/** The next offset after `from` where a valid record starts, or -1; used to skip damage. */
export function findNextRecord(bytes: Uint8Array, from: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = from; offset + FIXED <= bytes.length; offset++) {
    if (view.getUint32(offset, true) === RECORD_MAGIC && decodeRecord(bytes, offset).ok) {
      return offset;
    }
  }
  return -1;
}

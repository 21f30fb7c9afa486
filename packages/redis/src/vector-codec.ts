import { crc32 } from 'node:zlib';

const MAGIC = 0x56524c53; // "SLRV" little-endian
const HEADER = 8; // magic, dimensions

/**
 * One stored vector: u32 magic, u32 dimensions, float32 data (little-endian), then a CRC-32 of
 * the key and everything before it, so altered bytes or a value copied under another key are
 * both detected.
 */
export function encodeVector(key: string, vector: Float32Array): Buffer {
  const bytes = Buffer.alloc(HEADER + vector.length * 4 + 4);
  bytes.writeUInt32LE(MAGIC, 0);
  bytes.writeUInt32LE(vector.length, 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i]!, HEADER + i * 4);
  const end = HEADER + vector.length * 4;
  bytes.writeUInt32LE(crc32(bytes.subarray(0, end), crc32(key)), end);
  return bytes;
}

/** The vector stored under `key`, or `undefined` when the bytes are not an intact value for it. */
export function decodeVector(key: string, bytes: Buffer): Float32Array | undefined {
  if (bytes.length < HEADER + 4 || bytes.readUInt32LE(0) !== MAGIC) return undefined;
  const dimensions = bytes.readUInt32LE(4);
  const end = HEADER + dimensions * 4;
  if (bytes.length !== end + 4) return undefined;
  if (bytes.readUInt32LE(end) !== crc32(bytes.subarray(0, end), crc32(key))) return undefined;
  const vector = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) vector[i] = bytes.readFloatLE(HEADER + i * 4);
  return vector;
}

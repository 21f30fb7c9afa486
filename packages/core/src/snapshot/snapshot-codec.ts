import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { crc32 } from '../util/crc32.js';

/** Typed arrays a snapshot can carry. */
export type SnapshotArray =
  | Float64Array
  | Float32Array
  | Int32Array
  | Uint32Array
  | Int16Array
  | Uint16Array
  | Int8Array
  | Uint8Array;

/** What a ranker puts into a snapshot: JSON-able metadata plus typed arrays. */
export interface SnapshotContent {
  /** Which ranker wrote it (`bm25`); a snapshot is only read back by the same kind. */
  readonly kind: string;
  /** The ranker's own format version; bump it whenever the layout changes. */
  readonly formatVersion: number;
  readonly meta: unknown;
  readonly arrays: readonly SnapshotArray[];
}

export const MAGIC = 0x4e534c53; // "SLSN" little-endian
/** 2: CRC-32 checksum (1 used a word-wise FNV variant); older snapshots are refused as corrupt. */
const CONTAINER_VERSION = 2;
const constructors = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
} as const;
type ArrayType = keyof typeof constructors;

const align8 = (n: number): number => (n + 7) & ~7;

/**
 * CRC-32 (zlib's): catches torn writes and flipped bytes. Native in Node, where it costs next to
 * nothing in a process that has just started; the portable loop on edge runtimes and in browsers.
 */
function checksum(bytes: Uint8Array, length: number): number {
  return crc32(bytes.subarray(0, length));
}

/**
 * Serialises a snapshot: a magic number, a JSON header, 8-byte aligned typed arrays and a
 * trailing checksum, so a torn or altered snapshot is always detected on read.
 */
export function encodeSnapshot(content: SnapshotContent): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({
      kind: content.kind,
      formatVersion: content.formatVersion,
      meta: content.meta,
      arrays: content.arrays.map((array) => ({
        type: array.constructor.name,
        length: array.length,
      })),
    }),
  );
  let size = align8(12 + header.length);
  for (const array of content.arrays) size += align8(array.byteLength);
  size += 8;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, CONTAINER_VERSION, true);
  view.setUint32(8, header.length, true);
  bytes.set(header, 12);
  let offset = align8(12 + header.length);
  for (const array of content.arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += align8(array.byteLength);
  }
  view.setUint32(offset, checksum(bytes, offset), true);
  view.setUint32(offset + 4, offset, true);
  return bytes;
}

/** How `decodeSnapshot` hands back the arrays. */
export interface DecodeSnapshotOptions {
  /**
   * Views into `input` (copied once if it is not 8-byte aligned) instead of copies: no copy of
   * large arrays, but the caller must not write through them into bytes it does not own.
   * @default false
   */
  readonly views?: boolean;
}

/**
 * Reads a snapshot written by `encodeSnapshot`, checking its integrity, kind and format version;
 * throws `CorruptDataError` saying what is wrong. Arrays are copies the caller owns, or views.
 */
export function decodeSnapshot(
  input: Uint8Array,
  expected: { kind: string; formatVersion: number },
  options?: DecodeSnapshotOptions,
): SnapshotContent {
  const source = `${expected.kind} snapshot`;
  const fail = (why: string): never => {
    throw new CorruptDataError({
      source,
      message: `${source} cannot be restored: ${why}; re-index the tools and take a new snapshot`,
    });
  };
  if (!(input instanceof Uint8Array)) fail('it is not a Uint8Array');
  // Copy into an aligned buffer so typed-array views and the checksum can read words (through
  // Uint8Array's slice: a Node Buffer's own slice() is a view, not a copy).
  const bytes = input.byteOffset % 8 === 0 ? input : Uint8Array.prototype.slice.call(input);
  if (bytes.length < 20) fail('it is too short to be a snapshot (truncated?)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) fail('it does not start with the snapshot marker');
  if (view.getUint32(4, true) !== CONTAINER_VERSION) {
    fail(`container version ${view.getUint32(4, true)} is not ${CONTAINER_VERSION}`);
  }
  const end = bytes.length - 8;
  if (end % 8 !== 0) fail('its length is not a whole number of blocks (truncated?)');
  if (view.getUint32(end + 4, true) !== end)
    fail('its recorded length does not match (truncated?)');
  if (view.getUint32(end, true) !== checksum(bytes, end)) {
    fail('its checksum does not match (truncated or altered)');
  }
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > end) fail('its header runs past the end');
  let header: {
    kind?: unknown;
    formatVersion?: unknown;
    meta?: unknown;
    arrays?: { type: string; length: number }[];
  };
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength)));
  } catch (cause) {
    return fail(`its header is not valid JSON (${String(cause)})`);
  }
  if (header.kind !== expected.kind) {
    fail(`it was written by "${String(header.kind)}", not "${expected.kind}"`);
  }
  if (header.formatVersion !== expected.formatVersion) {
    fail(
      `it has format version ${String(header.formatVersion)}, this version reads ${expected.formatVersion}`,
    );
  }
  if (!Array.isArray(header.arrays)) fail('its header lists no arrays');
  let offset = align8(12 + headerLength);
  const arrays: SnapshotArray[] = [];
  for (const entry of header.arrays ?? []) {
    // A header that passed the checksum may still come from another writer: check every field.
    const type = (entry as { type?: unknown } | null)?.type;
    const Ctor =
      typeof type === 'string' && Object.hasOwn(constructors, type)
        ? constructors[type as ArrayType]
        : undefined;
    if (!Ctor || !Number.isInteger(entry?.length) || entry.length < 0) {
      return fail(`it lists an array of unknown type ${String(type)}`);
    }
    const byteLength = entry.length * Ctor.BYTES_PER_ELEMENT;
    if (offset + byteLength > end) fail('an array runs past the end');
    if (options?.views) {
      arrays.push(new Ctor(bytes.buffer as ArrayBuffer, bytes.byteOffset + offset, entry.length));
    } else {
      const copy = new ArrayBuffer(byteLength);
      new Uint8Array(copy).set(bytes.subarray(offset, offset + byteLength));
      arrays.push(new Ctor(copy));
    }
    offset += align8(byteLength);
  }
  return {
    kind: expected.kind,
    formatVersion: expected.formatVersion,
    meta: header.meta,
    arrays,
  };
}

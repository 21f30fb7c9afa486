import { crc32 } from 'node:zlib';
import { CorruptDataError } from '@shortlist/core';

/** 2: every ranker part starts on an 8-byte boundary (1 packed them unaligned). */
const MAGIC = 'SLPK2\n';
const HASH_BYTES = 4;
const ALIGN = 8;
const align = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** What a stored picker snapshot claims to be, checked before any ranker reads it. */
export interface SnapshotIdentity {
  readonly configuration: string;
  readonly catalogue: string;
}

/**
 * Packs a picker's ranker snapshots with the digests they were made for and a CRC-32 of the
 * whole (each ranker snapshot carries its own checksum too), so damage, a stale catalogue or
 * another pipeline's snapshot are all told apart on read. Parts start 8-byte aligned, so
 * rankers can read their typed arrays in place instead of copying a misaligned part.
 */
export function encodeEnvelope(
  identity: SnapshotIdentity,
  snapshots: Readonly<Record<string, Uint8Array>>,
): Buffer {
  const ids = Object.keys(snapshots);
  const header = Buffer.from(
    JSON.stringify({ ...identity, rankers: ids.map((id) => [id, snapshots[id]!.length]) }),
  );
  let size = align(MAGIC.length + 4 + header.length);
  for (const id of ids) size += align(snapshots[id]!.length);
  const value = Buffer.alloc(size + HASH_BYTES);
  value.write(MAGIC, 0, 'latin1');
  value.writeUInt32LE(header.length, MAGIC.length);
  header.copy(value, MAGIC.length + 4);
  let offset = align(MAGIC.length + 4 + header.length);
  for (const id of ids) {
    value.set(snapshots[id]!, offset);
    offset += align(snapshots[id]!.length);
  }
  value.writeUInt32LE(crc32(value.subarray(0, size)), size);
  return value;
}

/** Reads an envelope back; throws `CorruptDataError` saying why it cannot be used. */
export function decodeEnvelope(
  bytes: Buffer,
  expected: SnapshotIdentity,
  source: string,
): Record<string, Uint8Array> {
  const fail = (why: string): never => {
    throw new CorruptDataError({
      source,
      message: `${source} ${why}; it is rebuilt from the catalogue and stored again`,
    });
  };
  if (bytes.length < MAGIC.length + 4 + HASH_BYTES) fail('is too short (truncated?)');
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) {
    fail('is not a Shortlist snapshot of this format');
  }
  const body = bytes.subarray(0, bytes.length - HASH_BYTES);
  if (crc32(body) !== bytes.readUInt32LE(bytes.length - HASH_BYTES)) {
    fail('does not match its checksum (damaged)');
  }
  const headerLength = body.readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (start + headerLength > body.length) fail('has a header that runs past its end');
  let header: { configuration?: unknown; catalogue?: unknown; rankers?: unknown };
  try {
    header = JSON.parse(body.subarray(start, start + headerLength).toString());
  } catch {
    return fail('has a header that is not JSON');
  }
  if (header.configuration !== expected.configuration) {
    fail('was made by another pipeline configuration');
  }
  if (header.catalogue !== expected.catalogue) fail('was made for another catalogue (stale)');
  if (!Array.isArray(header.rankers)) fail('lists no ranker parts');
  const snapshots: Record<string, Uint8Array> = {};
  let offset = align(start + headerLength);
  for (const part of header.rankers as unknown[]) {
    const [id, length] = Array.isArray(part) ? part : [];
    if (typeof id !== 'string' || !Number.isInteger(length) || length < 0) {
      fail('lists a ranker part it cannot read');
    }
    if (offset + length > body.length) fail(`has a ${id} part that runs past its end`);
    // A view, not a copy: rankers never write to their input and read aligned parts in place.
    snapshots[id] = body.subarray(offset, offset + length);
    offset += align(length);
  }
  if (offset !== body.length) fail('has bytes its header does not account for');
  return snapshots;
}

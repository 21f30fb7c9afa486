import { crc32 } from 'node:zlib';
import { CorruptDataError } from '@shortlist/core';

const MAGIC = 'SLPK1\n';
const HASH_BYTES = 4;

/** What a stored picker snapshot claims to be, checked before any ranker reads it. */
export interface SnapshotIdentity {
  readonly configuration: string;
  readonly catalogue: string;
}

/**
 * Packs a picker's ranker snapshots with the digests they were made for and a CRC-32 of the
 * whole (each ranker snapshot carries its own checksum too), so damage, a stale catalogue or another pipeline's snapshot are all told apart on read.
 */
export function encodeEnvelope(
  identity: SnapshotIdentity,
  snapshots: Readonly<Record<string, Uint8Array>>,
): Buffer {
  const ids = Object.keys(snapshots);
  const header = Buffer.from(
    JSON.stringify({ ...identity, rankers: ids.map((id) => [id, snapshots[id]!.length]) }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const body = Buffer.concat([
    Buffer.from(MAGIC),
    length,
    header,
    ...ids.map((id) => snapshots[id]!),
  ]);
  const checksum = Buffer.alloc(HASH_BYTES);
  checksum.writeUInt32LE(crc32(body));
  return Buffer.concat([body, checksum]);
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
  if (bytes.subarray(0, MAGIC.length).toString() !== MAGIC) fail('is not a Shortlist snapshot');
  const body = bytes.subarray(0, bytes.length - HASH_BYTES);
  if (crc32(body) !== bytes.readUInt32LE(bytes.length - HASH_BYTES)) {
    fail('does not match its checksum (damaged)');
  }
  const headerLength = body.readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (start + headerLength > body.length) fail('has a header that runs past its end');
  const header = JSON.parse(body.subarray(start, start + headerLength).toString()) as {
    configuration?: unknown;
    catalogue?: unknown;
    rankers?: [string, number][];
  };
  if (header.configuration !== expected.configuration) {
    fail('was made by another pipeline configuration');
  }
  if (header.catalogue !== expected.catalogue) fail('was made for another catalogue (stale)');
  const snapshots: Record<string, Uint8Array> = {};
  let offset = start + headerLength;
  for (const [id, length] of header.rankers ?? []) {
    if (offset + length > body.length) fail(`has a ${id} part that runs past its end`);
    // A view, not a copy: core's restore copies each stamped part once into its own buffer.
    snapshots[id] = body.subarray(offset, offset + length);
    offset += length;
  }
  if (offset !== body.length) fail('has bytes its header does not account for');
  return snapshots;
}

import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot-codec.js';

/** What one stored picker snapshot holds: the one container every store and package writes. */
export interface PickerSnapshot {
  /** Which pipeline made it, from `snapshotConfiguration(pipeline)`: another one never reads it. */
  readonly configuration: string;
  /** Which catalogue it was made from, as the caller's digest of the tools (opaque to core). */
  readonly catalogue: string;
  /** Each ranker's part by ranker id, as `picker.snapshot()` returns them. */
  readonly parts: Readonly<Record<string, Uint8Array>>;
}

/** What `decodePickerSnapshot` must find; a container made for anything else is refused. */
export interface DecodePickerSnapshotOptions {
  /** The configuration it must carry. @default any */
  readonly configuration?: string;
  /** The catalogue digest it must carry. @default any */
  readonly catalogue?: string;
}

/** The container is core's snapshot codec (magic, version, 8-byte aligned parts, CRC-32). */
const KIND = 'shortlist-picker';
const FORMAT_VERSION = 1;
const SOURCE = 'picker snapshot';

/**
 * Packs a picker's ranker parts with the configuration and catalogue they were made for into one
 * versioned, checksummed container; parts start 8-byte aligned, so rankers read them in place.
 */
export function encodePickerSnapshot(snapshot: PickerSnapshot): Uint8Array {
  const { configuration, catalogue, parts } = snapshot ?? ({} as Partial<PickerSnapshot>);
  const invalid = (argument: string, expected: string): never => {
    throw new InvalidArgumentError({
      argument: `encodePickerSnapshot(snapshot.${argument})`,
      expected,
      message: `encodePickerSnapshot(snapshot.${argument}): expected ${expected}`,
    });
  };
  if (typeof configuration !== 'string') invalid('configuration', 'a string');
  if (typeof catalogue !== 'string') invalid('catalogue', 'a string');
  if (typeof parts !== 'object' || parts === null) invalid('parts', 'picker.snapshot()');
  const ids = Object.keys(parts);
  const arrays = ids.map((id) => {
    const part = parts[id];
    if (!(part instanceof Uint8Array)) return invalid(`parts.${id}`, 'a Uint8Array');
    // A plain Uint8Array view: the codec records the array's type by name (a Buffer's is "Buffer").
    return new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
  });
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta: { configuration, catalogue, rankers: ids },
    arrays,
  });
}

/**
 * Reads a container written by `encodePickerSnapshot`, checking its integrity and, when given,
 * its configuration and catalogue; throws `CorruptDataError` saying why it cannot be used. Parts
 * are views into `bytes` (copied once if misaligned): rankers only read them.
 */
export function decodePickerSnapshot(
  bytes: Uint8Array,
  expected: DecodePickerSnapshotOptions = {},
): PickerSnapshot {
  const fail = (why: string): never => {
    throw new CorruptDataError({
      source: SOURCE,
      message: `${SOURCE} ${why}; index the tools and store a new snapshot`,
    });
  };
  const content = decodeSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { views: true },
  );
  const meta = content.meta as { configuration?: unknown; catalogue?: unknown; rankers?: unknown };
  const ids = meta?.rankers;
  if (
    typeof meta?.configuration !== 'string' ||
    typeof meta.catalogue !== 'string' ||
    !Array.isArray(ids) ||
    ids.length !== content.arrays.length ||
    !ids.every((id) => typeof id === 'string') ||
    new Set(ids).size !== ids.length ||
    !content.arrays.every((array) => array instanceof Uint8Array)
  ) {
    return fail('has a header it cannot read (written by something else?)');
  }
  if (expected.configuration !== undefined && meta.configuration !== expected.configuration) {
    fail(`was made by another pipeline configuration (${meta.configuration})`);
  }
  if (expected.catalogue !== undefined && meta.catalogue !== expected.catalogue) {
    fail('was made for another catalogue (stale)');
  }
  // Own properties whatever the id: assigning to a plain object would lose a part named "__proto__".
  const parts: Record<string, Uint8Array> = Object.fromEntries(
    ids.map((id: string, i) => [id, content.arrays[i] as Uint8Array]),
  );
  return { configuration: meta.configuration, catalogue: meta.catalogue, parts };
}

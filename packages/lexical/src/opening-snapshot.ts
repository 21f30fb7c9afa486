import {
  checkPackedTerms,
  encodeSnapshot,
  failSnapshot,
  openRankerSnapshot,
  type PackedTerms,
  packedTermCount,
} from '@shortlist/core/kit';

/** Bump whenever the layout below changes; older snapshots are then refused, never misread. */
const FORMAT_VERSION = 1;
const KIND = 'opening-match';

/**
 * The openings that exactly one tool's description has, packed so a restore makes no string,
 * and that tool's position in `names` per opening id.
 */
export interface OwnedOpenings {
  readonly names: readonly string[];
  readonly openings: PackedTerms;
  readonly owners: Int32Array;
}

interface SnapshotMeta {
  readonly fingerprint: string;
  readonly names: readonly string[];
}

/** Serialises owned openings with the analysis fingerprint they were made with. */
export function writeOpeningSnapshot(owned: OwnedOpenings, fingerprint: string): Uint8Array {
  const meta: SnapshotMeta = { fingerprint, names: owned.names };
  const { chars, starts, table } = owned.openings;
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta,
    arrays: [chars, starts, table, owned.owners],
  });
}

const corrupt = (why: string): never => failSnapshot(KIND, why);

/**
 * Reads a snapshot back, checking integrity (via the core codec), that it was made with the same
 * analysis, the packed openings, and that every owner is one of its names, throwing
 * `CorruptDataError` otherwise. The caller checks the names against the tools (`checkSnapshotNames`).
 */
export function readOpeningSnapshot(bytes: Uint8Array, fingerprint: string): OwnedOpenings {
  const content = openRankerSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { key: 'fingerprint', value: fingerprint, other: 'another analysis' },
  );
  const { names } = content;
  const [chars, starts, table, owners] = content.arrays;
  if (
    content.arrays.length !== 4 ||
    !(chars instanceof Uint8Array || chars instanceof Uint16Array) ||
    !(starts instanceof Int32Array) ||
    !(table instanceof Int32Array) ||
    !(owners instanceof Int32Array)
  ) {
    return corrupt('its arrays are not the expected openings and owners');
  }
  const openings = { chars, starts, table };
  checkPackedTerms(KIND, openings);
  if (owners.length !== packedTermCount(openings)) corrupt('its owners do not match its openings');
  for (let i = 0; i < owners.length; i++) {
    const slot = owners[i]!;
    if (!(slot >= 0 && slot < names.length)) corrupt(`owner ${slot} is out of range`);
  }
  return { names, openings, owners };
}

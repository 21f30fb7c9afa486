import { failSnapshot, isStringArray } from './snapshot-checks.js';
import { decodeSnapshot, type SnapshotArray } from './snapshot-codec.js';

/** A setting a snapshot must have been taken with, for this ranker to read it. */
export interface SnapshotSetting {
  /** The metadata field that holds it (`fingerprint`). */
  readonly key: string;
  /** This ranker's value. */
  readonly value: string | number | boolean;
  /** What another value means, for the error (`another analysis`). */
  readonly other: string;
}

/** A ranker snapshot opened by view: its metadata, tool names and arrays, checked as below. */
export interface OpenedSnapshot {
  readonly meta: Readonly<Record<string, unknown>>;
  readonly names: readonly string[];
  readonly arrays: readonly SnapshotArray[];
}

/**
 * Decodes a ranker snapshot by view (never written through) and makes the checks every reader
 * starts with: metadata present, taken with this ranker's `setting`, a list of tool names;
 * `CorruptDataError` otherwise. The ranker then checks its own arrays.
 */
export function openRankerSnapshot(
  bytes: Uint8Array,
  format: { kind: string; formatVersion: number },
  setting: SnapshotSetting,
): OpenedSnapshot {
  const content = decodeSnapshot(bytes, format, { views: true });
  const meta = content.meta as Record<string, unknown> | null;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    return failSnapshot(format.kind, 'its metadata is missing');
  }
  const held = meta[setting.key];
  if (held !== setting.value) {
    failSnapshot(
      format.kind,
      `it was made with ${setting.other} (${String(held)}), this ranker uses ${String(setting.value)}`,
    );
  }
  const { names } = meta;
  if (!isStringArray(names)) return failSnapshot(format.kind, 'its name list is malformed');
  return { meta, names, arrays: content.arrays };
}

/** Whether `offsets` start at 0, never go down and end at `end`: the bounds of packed runs. */
export function isOffsetList(offsets: ArrayLike<number>, end: number): boolean {
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== end) return false;
  for (let i = 1; i < offsets.length; i++) if (offsets[i]! < offsets[i - 1]!) return false;
  return true;
}

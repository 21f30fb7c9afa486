import {
  encodeSnapshot,
  failSnapshot,
  isOffsetList,
  isStringArray,
  openRankerSnapshot,
} from '@shortlist/core/kit';
import type { AnalysedNames } from './analysed-names.js';

/** Bump whenever the layout below changes; older snapshots are then refused, never misread. */
const FORMAT_VERSION = 1;
const KIND = 'name-match';

interface SnapshotMeta {
  readonly fingerprint: string;
  readonly names: readonly string[];
  readonly words: readonly string[];
}

/** Serialises analysed names with the analysis fingerprint they were made with. */
export function writeNameSnapshot(analysed: AnalysedNames, fingerprint: string): Uint8Array {
  const meta: SnapshotMeta = { fingerprint, names: analysed.names, words: analysed.words };
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta,
    arrays: [analysed.toolSpellings, analysed.spellingWords, analysed.wordIds],
  });
}

const corrupt = (why: string): never => failSnapshot(KIND, why);

/**
 * Reads a snapshot back, checking integrity (via the core codec), that it was made with the same
 * analysis, that words do not repeat, and that every offset and word id is in range, throwing
 * `CorruptDataError` otherwise. The caller checks the names against the tools (`checkSnapshotNames`).
 */
export function readNameSnapshot(bytes: Uint8Array, fingerprint: string): AnalysedNames {
  const content = openRankerSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { key: 'fingerprint', value: fingerprint, other: 'another analysis' },
  );
  const { names } = content;
  const { words } = content.meta;
  // openRankerSnapshot() has checked the names.
  if (!isStringArray(words)) return corrupt('its word list is malformed');
  // Repeated names are refused with the catalogue check (checkSnapshotNames) on restore.
  if (new Set(words).size !== words.length) corrupt('its words repeat');
  const [toolSpellings, spellingWords, wordIds] = content.arrays;
  if (
    content.arrays.length !== 3 ||
    !(toolSpellings instanceof Int32Array) ||
    !(spellingWords instanceof Int32Array) ||
    !(wordIds instanceof Int32Array)
  ) {
    return corrupt('its arrays are not the expected spellings and word ids');
  }
  if (
    toolSpellings.length !== names.length + 1 ||
    !isOffsetList(toolSpellings, spellingWords.length - 1) ||
    !isOffsetList(spellingWords, wordIds.length)
  ) {
    corrupt('its offsets do not match its names and words');
  }
  for (let i = 0; i < wordIds.length; i++) {
    const id = wordIds[i]!;
    if (!(id >= 0 && id < words.length)) corrupt(`word id ${id} is out of range`);
  }
  return { names, words, toolSpellings, spellingWords, wordIds };
}

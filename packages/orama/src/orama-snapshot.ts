import { load, type RawData, save } from '@orama/orama';
import { CorruptDataError } from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot, type Tokenizer } from '@shortlist/core/kit';
import type { IdMaps, ToolDatabase } from './orama-index.js';

const KIND = 'orama';
/** 2: indexed terms carry `END_MARK` when typo tolerance is off (1 had none; re-index). */
const FORMAT_VERSION = 2;

/**
 * A fixed text whose terms identify the analysis chain: a snapshot restored with another
 * tokenizer (other stopwords, no stemming) would silently match nothing, so it is refused.
 */
const PROBE = 'Running the HTTPServer getUserIDs über 東京 2024 reports';

/** The analysis chain's fingerprint stored in and checked against a snapshot. */
export const tokenizerFingerprint = (tokenizer: Tokenizer): string => tokenizer(PROBE).join(' ');

interface SnapshotMeta {
  readonly fingerprint: string;
  /** [Orama id, tool name] pairs. */
  readonly ids: readonly (readonly [string, string])[];
  /** Whether indexed terms end with `END_MARK` (an index without typo tolerance). */
  readonly endMarks: boolean;
}

/** Serialises Orama's own `save()` output (JSON) and the id map into a checksummed snapshot. */
export function writeSnapshot(
  db: ToolDatabase,
  maps: IdMaps,
  tokenizer: Tokenizer,
  endMarks: boolean,
): Uint8Array {
  const meta: SnapshotMeta = {
    fingerprint: tokenizerFingerprint(tokenizer),
    ids: [...maps.nameOf],
    endMarks,
  };
  const data = new TextEncoder().encode(JSON.stringify(save(db)));
  return encodeSnapshot({ kind: KIND, formatVersion: FORMAT_VERSION, meta, arrays: [data] });
}

/** What a snapshot holds once checked. */
export interface ReadSnapshot {
  readonly fingerprint: string;
  readonly ids: readonly (readonly [string, string])[];
  readonly endMarks: boolean;
  /** Loads the saved Orama state into an empty database built with the same schema. */
  loadInto(db: ToolDatabase): void;
}

const corrupt = (why: string, cause?: unknown): never => {
  throw new CorruptDataError({
    source: 'orama snapshot',
    message: `orama snapshot cannot be restored: ${why}; re-index the tools and take a new snapshot`,
    cause,
  });
};

/** Reads a snapshot back; any damage surfaces as `CorruptDataError`. */
export function readSnapshot(snapshot: Uint8Array): ReadSnapshot {
  const content = decodeSnapshot(snapshot, { kind: KIND, formatVersion: FORMAT_VERSION });
  const meta = content.meta as Partial<SnapshotMeta> | null;
  const data = content.arrays[0];
  if (
    typeof meta !== 'object' ||
    meta === null ||
    typeof meta.fingerprint !== 'string' ||
    typeof meta.endMarks !== 'boolean' ||
    !Array.isArray(meta.ids) ||
    !meta.ids.every(
      (pair) => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
    ) ||
    !(data instanceof Uint8Array)
  ) {
    return corrupt('its header does not describe an Orama index');
  }
  let raw: RawData;
  try {
    raw = JSON.parse(new TextDecoder().decode(data)) as RawData;
  } catch (cause) {
    return corrupt('its Orama data is not valid JSON', cause);
  }
  return {
    fingerprint: meta.fingerprint,
    ids: meta.ids,
    endMarks: meta.endMarks,
    loadInto(db) {
      try {
        load(db, raw);
      } catch (cause) {
        corrupt(`Orama could not load it (${String(cause)})`, cause);
      }
    },
  };
}

import {
  checkPackedTerms,
  decodeSnapshot,
  encodeSnapshot,
  failSnapshot,
  isStringArray,
  packedTermCount,
  packTerms,
} from '@shortlist/core/kit';
import type { PackedDocuments, StoredDocuments } from './tfidf-store.js';

/**
 * Bump whenever the layout below changes; older snapshots are then refused, never misread (the
 * pipeline's callers index afresh on that error). 2: the vocabulary packed in typed arrays (it was
 * a JSON list of terms, made into a map on every restore).
 */
const FORMAT_VERSION = 2;
const KIND = 'tfidf';

interface SnapshotMeta {
  readonly fingerprint: string;
  readonly names: readonly string[];
}

/** Serialises an index's documents with the settings fingerprint they were built with. */
export function writeTfidfSnapshot(documents: StoredDocuments, fingerprint: string): Uint8Array {
  const meta: SnapshotMeta = { fingerprint, names: documents.names };
  const terms = packTerms(documents.terms);
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta,
    arrays: [
      documents.offsets,
      documents.termIds,
      documents.weights,
      terms.chars,
      terms.starts,
      terms.table,
    ],
  });
}

const corrupt = (why: string): never => failSnapshot(KIND, why);

/**
 * Reads a snapshot back, checking integrity (via the core codec), that it was taken with the same
 * settings and that every offset and term id is in range, throwing `CorruptDataError` otherwise.
 * The caller checks the names against the tools (`checkSnapshotNames`).
 */
export function readTfidfSnapshot(bytes: Uint8Array, fingerprint: string): PackedDocuments {
  // Views of `bytes`, never written: the store copies its entries before it changes them.
  const content = decodeSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { views: true },
  );
  const meta = content.meta as Partial<SnapshotMeta> | null;
  if (typeof meta !== 'object' || meta === null) return corrupt('its metadata is missing');
  if (meta.fingerprint !== fingerprint) {
    corrupt(
      `it was taken with other settings (${String(meta.fingerprint)}), this ranker uses ${fingerprint}`,
    );
  }
  const { names } = meta;
  if (!isStringArray(names)) return corrupt('its name list is malformed');
  const [offsets, termIds, weights, chars, starts, table] = content.arrays;
  if (
    !(offsets instanceof Int32Array) ||
    !(termIds instanceof Int32Array) ||
    !(weights instanceof Float64Array) ||
    !(chars instanceof Uint8Array || chars instanceof Uint16Array) ||
    !(starts instanceof Int32Array) ||
    !(table instanceof Int32Array) ||
    content.arrays.length !== 6
  ) {
    return corrupt('its arrays are not the expected offsets, term ids, weights and vocabulary');
  }
  const terms = { chars, starts, table };
  checkPackedTerms(KIND, terms);
  const termCount = packedTermCount(terms);
  if (offsets.length !== names.length + 1 || offsets[0] !== 0)
    corrupt('its offsets do not match its names');
  if (offsets[names.length] !== termIds.length || termIds.length !== weights.length) {
    corrupt('its postings do not match its offsets');
  }
  for (let i = 0; i < names.length; i++) {
    if (offsets[i + 1]! < offsets[i]!) corrupt('its offsets are not ascending');
  }
  for (let p = 0; p < termIds.length; p++) {
    const id = termIds[p]!;
    if (id < 0 || id >= termCount) corrupt(`term id ${id} is out of range`);
    const weight = weights[p]!;
    if (!(weight > 0) || !Number.isFinite(weight))
      corrupt(`weight ${weight} is not a positive number`);
  }
  return { names, terms, offsets, termIds, weights };
}

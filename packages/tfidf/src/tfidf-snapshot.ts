import { decodeSnapshot, encodeSnapshot, failSnapshot, isStringArray } from '@shortlist/core/kit';
import type { StoredDocuments } from './tfidf-store.js';

/** Bump whenever the layout below changes; older snapshots are then refused, never misread. */
const FORMAT_VERSION = 1;
const KIND = 'tfidf';

interface SnapshotMeta {
  readonly fingerprint: string;
  readonly names: readonly string[];
  readonly terms: readonly string[];
}

/** Serialises an index's documents with the settings fingerprint they were built with. */
export function writeTfidfSnapshot(documents: StoredDocuments, fingerprint: string): Uint8Array {
  const meta: SnapshotMeta = { fingerprint, names: documents.names, terms: documents.terms };
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta,
    arrays: [documents.offsets, documents.termIds, documents.weights],
  });
}

const corrupt = (why: string): never => failSnapshot(KIND, why);

/**
 * Reads a snapshot back, checking integrity (via the core codec), that it was taken with the same
 * settings and that every offset and term id is in range, throwing `CorruptDataError` otherwise.
 * The caller checks the names against the tools (`checkSnapshotNames`).
 */
export function readTfidfSnapshot(bytes: Uint8Array, fingerprint: string): StoredDocuments {
  const content = decodeSnapshot(bytes, { kind: KIND, formatVersion: FORMAT_VERSION });
  const meta = content.meta as Partial<SnapshotMeta> | null;
  if (typeof meta !== 'object' || meta === null) return corrupt('its metadata is missing');
  if (meta.fingerprint !== fingerprint) {
    corrupt(
      `it was taken with other settings (${String(meta.fingerprint)}), this ranker uses ${fingerprint}`,
    );
  }
  const { names, terms } = meta;
  if (!isStringArray(names) || !isStringArray(terms))
    return corrupt('its name or term list is malformed');
  // Repeated terms are found when the store maps them (TfidfStore.fromDocuments).
  const [offsets, termIds, weights] = content.arrays;
  if (
    !(offsets instanceof Int32Array) ||
    !(termIds instanceof Int32Array) ||
    !(weights instanceof Float64Array) ||
    content.arrays.length !== 3
  ) {
    return corrupt('its arrays are not the expected offsets, term ids and weights');
  }
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
    if (id < 0 || id >= terms.length) corrupt(`term id ${id} is out of range`);
    const weight = weights[p]!;
    if (!(weight > 0) || !Number.isFinite(weight))
      corrupt(`weight ${weight} is not a positive number`);
  }
  return { names, terms, offsets, termIds, weights };
}

import {
  checkPackedTerms,
  encodeSnapshot,
  failSnapshot,
  isOffsetList,
  openRankerSnapshot,
  packedTermCount,
  packTerms,
} from '@shortlist/core/kit';
import type { TfidfPostings } from './tfidf-postings.js';
import { type PackedDocuments, type StoredDocuments, TfidfStore } from './tfidf-store.js';

/**
 * Bump whenever the layout below changes; older snapshots are then refused, never misread (the
 * pipeline's callers index afresh on that error). 2: the vocabulary packed in typed arrays (it was
 * a JSON list of terms, made into a map on every restore) and the compiled postings stored (they
 * were compiled on every restore).
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
  const postings = TfidfStore.postingsOf({ ...documents, terms });
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
      postings.offsets,
      postings.docs,
      postings.weights,
      postings.maxWeights,
      postings.idf,
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
  const content = openRankerSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { key: 'fingerprint', value: fingerprint, other: 'other settings' },
  );
  const { names } = content;
  const [offsets, termIds, weights, chars, starts, table, ...compiled] = content.arrays;
  if (
    !(offsets instanceof Int32Array) ||
    !(termIds instanceof Int32Array) ||
    !(weights instanceof Float64Array) ||
    !(chars instanceof Uint8Array || chars instanceof Uint16Array) ||
    !(starts instanceof Int32Array) ||
    !(table instanceof Int32Array) ||
    content.arrays.length !== 11
  ) {
    return corrupt('its arrays are not the expected offsets, term ids, weights and vocabulary');
  }
  const terms = { chars, starts, table };
  checkPackedTerms(KIND, terms);
  const termCount = packedTermCount(terms);
  if (offsets.length !== names.length + 1) corrupt('its offsets do not match its names');
  if (!isOffsetList(offsets, termIds.length) || termIds.length !== weights.length) {
    corrupt('its offsets do not run over its postings in order');
  }
  // Documents per term, counted from the documents, must be the postings' lengths (the store
  // keeps them to recompute idf once it changes).
  const frequency = new Int32Array(termCount);
  for (let p = 0; p < termIds.length; p++) {
    const id = termIds[p]!;
    if (id < 0 || id >= termCount) corrupt(`term id ${id} is out of range`);
    frequency[id]!++;
    const weight = weights[p]!;
    if (!(weight > 0) || !Number.isFinite(weight))
      corrupt(`weight ${weight} is not a positive number`);
  }
  const postings = readPostings(compiled, names.length, frequency, termIds.length);
  return { names, terms, offsets, termIds, weights, postings };
}

/**
 * The compiled postings of a snapshot, checked so every read stays in range: offsets ascending
 * over the entries, documents in range and ascending within a term, per-term arrays as long as the
 * vocabulary, weights positive and within each term's bound. One pass over the postings, with no string made.
 */
function readPostings(
  arrays: readonly unknown[],
  documents: number,
  frequency: Int32Array,
  entries: number,
): TfidfPostings {
  const termCount = frequency.length;
  const [offsets, docs, weights, maxWeights, idf] = arrays;
  if (
    !(offsets instanceof Int32Array) ||
    !(docs instanceof Int32Array) ||
    !(weights instanceof Float64Array) ||
    !(maxWeights instanceof Float64Array) ||
    !(idf instanceof Float64Array)
  ) {
    return corrupt('its postings are not the expected arrays');
  }
  if (
    offsets.length !== termCount + 1 ||
    offsets[0] !== 0 ||
    offsets[termCount] !== entries ||
    docs.length !== entries ||
    weights.length !== entries ||
    maxWeights.length !== termCount ||
    idf.length !== termCount
  ) {
    corrupt('its postings do not match its documents');
  }
  for (let t = 0; t < termCount; t++) {
    const end = offsets[t + 1]!;
    let previous = -1;
    for (let p = offsets[t]!; p < end; p++) {
      const doc = docs[p]!;
      if (doc <= previous || doc >= documents) corrupt('its postings are out of range or order');
      // A weight of 0 would read as "not scored yet" in the search: every one must be positive.
      if (!(weights[p]! > 0 && weights[p]! <= maxWeights[t]!)) {
        corrupt('its posting weights are not positive, or exceed their bound');
      }
      previous = doc;
    }
    if (end - offsets[t]! !== frequency[t]) {
      corrupt('its postings do not list the documents that have each term');
    }
  }
  return { offsets, docs, weights, maxWeights, idf, slotCount: documents };
}

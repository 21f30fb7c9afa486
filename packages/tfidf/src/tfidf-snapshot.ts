import {
  checkPackedTerms,
  encodeSnapshot,
  failSnapshot,
  isOffsetList,
  openRankerSnapshot,
  packedTermCount,
  packTerms,
} from '@shortlist/core/kit';
import type { RestoredPostings, StoredDocuments } from './tfidf-store.js';
import { inverseNorm, smoothedIdf } from './tfidf-weights.js';

/**
 * Bump whenever the layout below changes; older snapshots are then refused, never misread (the
 * pipeline's callers index afresh on that error). 2: the vocabulary packed in typed arrays.
 * 3: only the postings, read in place, each with its stored frequency as an index into the
 * distinct values, from which the documents are rebuilt when the store first changes (2 stored
 * the documents too: 24 bytes a posting, now 14).
 */
const FORMAT_VERSION = 3;
const KIND = 'tfidf';

interface SnapshotMeta {
  readonly fingerprint: string;
  readonly names: readonly string[];
}

/** Value indexes fit 16 bits up to this many values. */
const SHORT = 0x10000;

/**
 * Serialises an index's documents (entries in ascending term id, as the store keeps them) as
 * postings with the settings fingerprint they were built with.
 */
export function writeTfidfSnapshot(documents: StoredDocuments, fingerprint: string): Uint8Array {
  const { names, offsets: starts, termIds, weights } = documents;
  const count = names.length;
  const termCount = documents.terms.length;
  const offsets = new Int32Array(termCount + 1);
  for (let e = 0; e < termIds.length; e++) offsets[termIds[e]! + 1]!++;
  for (let t = 0; t < termCount; t++) offsets[t + 1]! += offsets[t]!;
  const idf = new Float64Array(termCount);
  for (let t = 0; t < termCount; t++) idf[t] = smoothedIdf(count, offsets[t + 1]! - offsets[t]!);
  const docs = new Int32Array(termIds.length);
  const compiled = new Float64Array(termIds.length);
  const slots = new Int32Array(termIds.length);
  const valueIds = new Map<number, number>();
  const values: number[] = [];
  const cursor = offsets.slice(0, termCount);
  for (let doc = 0; doc < count; doc++) {
    const start = starts[doc]!;
    const end = starts[doc + 1]!;
    const inverse = inverseNorm(termIds, weights, start, end, idf);
    for (let e = start; e < end; e++) {
      const t = termIds[e]!;
      const p = cursor[t]!++;
      docs[p] = doc;
      // The arithmetic of the store's compile, so restored scores equal built ones exactly.
      compiled[p] = weights[e]! * idf[t]! * inverse;
      let id = valueIds.get(weights[e]!);
      if (id === undefined) {
        id = values.length;
        valueIds.set(weights[e]!, id);
        values.push(weights[e]!);
      }
      slots[p] = id;
    }
  }
  const valueIndex = values.length <= SHORT ? Uint16Array.from(slots) : Uint32Array.from(slots);
  const terms = packTerms(documents.terms);
  const meta: SnapshotMeta = { fingerprint, names };
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta,
    arrays: [
      terms.chars,
      terms.starts,
      terms.table,
      offsets,
      docs,
      compiled,
      valueIndex,
      Float64Array.from(values),
    ],
  });
}

const corrupt = (why: string): never => failSnapshot(KIND, why);

/**
 * Reads a snapshot back, checking integrity (via the core codec), that it was taken with the same
 * settings and that every offset, document and value is in range, throwing `CorruptDataError`
 * otherwise; compiles the posting weights as a build does, to the last bit. The caller checks
 * the names against the tools (`checkSnapshotNames`).
 */
export function readTfidfSnapshot(bytes: Uint8Array, fingerprint: string): RestoredPostings {
  // Views of `bytes`, never written: the store rebuilds its own arrays before it changes.
  const content = openRankerSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { key: 'fingerprint', value: fingerprint, other: 'other settings' },
  );
  const { names } = content;
  const [chars, starts, table, offsets, docs, weights, valueIndex, values] = content.arrays;
  if (
    content.arrays.length !== 8 ||
    !(chars instanceof Uint8Array || chars instanceof Uint16Array) ||
    !(starts instanceof Int32Array) ||
    !(table instanceof Int32Array) ||
    !(offsets instanceof Int32Array) ||
    !(docs instanceof Int32Array) ||
    !(weights instanceof Float64Array) ||
    !(valueIndex instanceof Uint16Array || valueIndex instanceof Uint32Array) ||
    !(values instanceof Float64Array)
  ) {
    return corrupt('its arrays are not the expected vocabulary, postings and values');
  }
  const terms = { chars, starts, table };
  checkPackedTerms(KIND, terms);
  const termCount = packedTermCount(terms);
  const count = names.length;
  if (offsets.length !== termCount + 1 || !isOffsetList(offsets, docs.length)) {
    corrupt('its posting offsets do not run over its postings in order');
  }
  if (weights.length !== docs.length || valueIndex.length !== docs.length) {
    corrupt('its postings, weights and values do not match');
  }
  for (let v = 0; v < values.length; v++) {
    if (!(values[v]! > 0 && values[v]! < Number.POSITIVE_INFINITY)) {
      corrupt('its stored frequencies are not positive numbers');
    }
  }
  const idf = new Float64Array(termCount);
  const maxWeights = new Float64Array(termCount);
  const valueCount = values.length;
  for (let t = 0; t < termCount; t++) {
    const begin = offsets[t]!;
    const end = offsets[t + 1]!;
    if (end > begin) idf[t] = smoothedIdf(count, end - begin);
    let previous = -1;
    let max = 0;
    for (let p = begin; p < end; p++) {
      const doc = docs[p]!;
      if (doc <= previous || doc >= count) corrupt('its postings are out of range or order');
      previous = doc;
      if (valueIndex[p]! >= valueCount) corrupt('its postings name a value it does not hold');
      const w = weights[p]!;
      // A weight of 0 would read as "not scored yet" in the search: every one must be positive.
      if (!(w > 0 && w < Number.POSITIVE_INFINITY)) corrupt('its weights are not positive numbers');
      if (w > max) max = w;
    }
    maxWeights[t] = max;
  }
  const postings = { offsets, docs, weights, maxWeights, idf, slotCount: count };
  return { names, terms, postings, valueIndex, values };
}

import { CorruptDataError, InvalidArgumentError } from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot, type SnapshotArray } from '@shortlist/core/kit';
import type { Postings } from './postings.js';
import type { Bm25Config } from './resolve-options.js';
import { entryCount, FIELD_COUNT, slotCount, type TermStore } from './term-store.js';

const KIND = 'bm25';
/** Bump whenever the layout below changes; older snapshots are then refused. */
const FORMAT_VERSION = 1;
const SOURCE = 'bm25 snapshot';

interface Meta {
  readonly fingerprint: string;
  readonly terms: readonly string[];
  /** Tool name per slot; `null` for a removed tool's slot. */
  readonly names: readonly (string | null)[];
}

/** Serialises the analysed catalogue and its postings, so restoring re-tokenises nothing. */
export function encodeBm25Snapshot(
  store: TermStore,
  postings: Postings,
  config: Bm25Config,
): Uint8Array {
  const slots = slotCount(store);
  const entries = entryCount(store);
  const meta: Meta = {
    fingerprint: config.fingerprint,
    terms: store.terms,
    names: store.names.map((name) => name ?? null),
  };
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta,
    arrays: [
      store.documentFrequency.subarray(0, store.terms.length),
      store.fieldLengths.subarray(0, slots * FIELD_COUNT),
      store.fieldTotals,
      store.entryStart.subarray(0, slots + 1),
      store.entryTerm.subarray(0, entries),
      store.entryFieldTf.subarray(0, entries),
      postings.offsets,
      postings.docs,
      postings.weights,
      postings.maxImpact,
    ],
  });
}

function corrupt(why: string): never {
  throw new CorruptDataError({
    source: SOURCE,
    message: `${SOURCE} cannot be restored: ${why}; re-index the tools and take a new snapshot`,
  });
}

function typed<T extends SnapshotArray>(
  value: SnapshotArray | undefined,
  Ctor: abstract new (...args: never[]) => T,
  length: number,
  what: string,
): T {
  if (!(value instanceof Ctor) || value.length !== length) corrupt(`its ${what} are malformed`);
  return value as T;
}

function within(values: Int32Array, limit: number, what: string): void {
  for (let i = 0; i < values.length; i++) {
    if (values[i]! < 0 || values[i]! >= limit) corrupt(`its ${what} point outside the index`);
  }
}

/**
 * Reads a snapshot back into a store and postings. Throws `CorruptDataError` when it is damaged
 * or from another format version, and `InvalidArgumentError` when it was made with other options.
 * The large arrays are views of `bytes` (never written: the store grows them into copies before
 * any write); the two it updates in place are copied.
 */
export function decodeBm25Snapshot(
  bytes: Uint8Array,
  config: Bm25Config,
): { store: TermStore; postings: Postings } {
  const content = decodeSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { views: true },
  );
  const meta = content.meta as Partial<Meta> | null;
  if (typeof meta !== 'object' || meta === null) corrupt('it has no metadata');
  if (meta.fingerprint !== config.fingerprint) {
    throw new InvalidArgumentError({
      argument: 'snapshot',
      expected: 'a bm25 snapshot made with the same options (k1, b, fieldWeights, analysis)',
      message:
        'bm25 snapshot was made with different options (k1, b, fieldWeights, stopwords or tokenizer); restore it with the options it was made with, or re-index',
    });
  }
  const { terms, names } = meta;
  if (!Array.isArray(terms)) corrupt('its vocabulary is malformed');
  if (!Array.isArray(names)) corrupt('its tool names are malformed');
  const a = content.arrays;
  if (a.length !== 10) corrupt(`it holds ${a.length} arrays, not 10`);
  const termCount = terms.length;
  const slots = names.length;
  // Updated in place by adds and removes: copies, so the caller's bytes never change.
  const documentFrequency = typed(a[0], Int32Array, termCount, 'document frequencies').slice();
  const fieldLengths = typed(a[1], Uint32Array, slots * FIELD_COUNT, 'field lengths');
  const fieldTotals = typed(a[2], Float64Array, FIELD_COUNT, 'field totals').slice();
  const entryStart = typed(a[3], Int32Array, slots + 1, 'entry offsets');
  const entries = entryStart[slots]!;
  const entryTerm = typed(a[4], Int32Array, entries, 'entry terms');
  const entryFieldTf = typed(a[5], Int32Array, entries, 'entry frequencies');
  const offsets = typed(a[6], Int32Array, termCount + 1, 'posting offsets');
  const postingCount = offsets[termCount]!;
  const postingSlots = typed(a[7], Int32Array, postingCount, 'postings');
  const impacts = typed(a[8], Float32Array, postingCount, 'impacts');
  const maxImpact = typed(a[9], Float32Array, termCount, 'term bounds');
  within(entryTerm, termCount, 'entries');
  within(postingSlots, Math.max(slots, 1), 'postings');
  for (let i = 0; i < slots; i++) {
    if (entryStart[i]! > entryStart[i + 1]!) corrupt('its entry offsets are not ascending');
  }
  for (let t = 0; t < termCount; t++) {
    if (offsets[t]! > offsets[t + 1]!) corrupt('its posting offsets are not ascending');
  }

  // The arrays parsed from the header are this call's own: adopted, not copied.
  const vocabulary = new Map<string, number>();
  for (let id = 0; id < termCount; id++) {
    const term = terms[id];
    if (typeof term !== 'string') corrupt('its vocabulary is malformed');
    vocabulary.set(term as string, id);
  }
  if (vocabulary.size !== termCount) corrupt('its vocabulary repeats a term');
  const slotMap = new Map<string, number>();
  const slotNames = names as (string | null | undefined)[];
  for (let slot = 0; slot < slots; slot++) {
    const name = slotNames[slot];
    if (typeof name === 'string') {
      const size = slotMap.size;
      if (slotMap.set(name, slot).size === size) corrupt(`it lists tool "${name}" twice`);
    } else if (name === null) slotNames[slot] = undefined;
    else corrupt('its tool names are malformed');
  }
  const store: TermStore = {
    vocabulary,
    terms: terms as string[],
    documentFrequency,
    names: slotNames as (string | undefined)[],
    slots: slotMap,
    fieldLengths,
    fieldTotals,
    entryStart,
    entryTerm,
    entryFieldTf,
    live: slotMap.size,
    version: 0,
  };
  return {
    store,
    postings: { offsets, docs: postingSlots, weights: impacts, maxImpact, slotCount: slots },
  };
}

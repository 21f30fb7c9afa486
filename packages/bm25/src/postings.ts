import type { ScoredPostings } from '@shortlist/core/kit';
import type { Bm25Config } from './resolve-options.js';
import { FIELD_BITS, FIELD_COUNT, slotCount, type TermStore } from './term-store.js';

/**
 * The inverted index in compressed-sparse-row form: term t's postings are
 * `[offsets[t], offsets[t + 1])`, sorted by slot, each carrying its precomputed BM25F score
 * (idf × saturated weighted term frequency), so a query only adds floats.
 */
export interface Postings extends ScoredPostings {
  readonly offsets: Int32Array;
  /** Each posting's slot. */
  readonly docs: Int32Array;
  /** Each posting's impact. */
  readonly weights: Float32Array;
  /** Largest impact of each term: the upper bound that dynamic pruning relies on. */
  readonly maxImpact: Float32Array;
  /** Slots the accumulator must cover. */
  readonly slotCount: number;
}

/** Inverse document frequency, Lucene's non-negative variant. */
const idf = (live: number, df: number): number => Math.log(1 + (live - df + 0.5) / (df + 0.5));

/**
 * Lays out postings from the store and scores every (term, tool) pair with BM25F: each field's
 * frequency is weighted and divided by that field's length norm, the sum is saturated once.
 * One linear pass over the stored entries; no text is re-tokenised.
 */
export function layoutPostings(store: TermStore, config: Bm25Config): Postings {
  const { k1, b, weights } = config;
  const termCount = store.terms.length;
  const slots = slotCount(store);
  const offsets = new Int32Array(termCount + 1);
  const idfs = new Float64Array(termCount);
  for (let t = 0; t < termCount; t++) {
    const df = store.documentFrequency[t]!;
    offsets[t + 1] = offsets[t]! + df;
    idfs[t] = df > 0 ? idf(store.live, df) : 0;
  }
  const total = offsets[termCount]!;
  const postingSlots = new Int32Array(total);
  const impacts = new Float32Array(total);
  const maxImpact = new Float32Array(termCount);
  const cursor = offsets.slice(0, termCount);
  const fieldScale = new Float64Array(FIELD_COUNT);
  const average = new Float64Array(FIELD_COUNT);
  for (let f = 0; f < FIELD_COUNT; f++) average[f] = store.fieldTotals[f]! / store.live;
  const fieldMask = (1 << FIELD_BITS) - 1;
  for (let slot = 0; slot < slots; slot++) {
    if (store.names[slot] === undefined) continue;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const length = store.fieldLengths[slot * FIELD_COUNT + f]!;
      fieldScale[f] =
        average[f]! > 0 ? weights[f]! / (1 - b + (b * length) / average[f]!) : weights[f]!;
    }
    const end = store.entryStart[slot + 1]!;
    for (let e = store.entryStart[slot]!; e < end; ) {
      const term = store.entryTerm[e]!;
      let tf = 0;
      for (; e < end && store.entryTerm[e] === term; e++) {
        const fieldTf = store.entryFieldTf[e]!;
        tf += (fieldTf >>> FIELD_BITS) * fieldScale[fieldTf & fieldMask]!;
      }
      const at = cursor[term]!++;
      postingSlots[at] = slot;
      impacts[at] = (idfs[term]! * tf * (k1 + 1)) / (k1 + tf);
      if (impacts[at]! > maxImpact[term]!) maxImpact[term] = impacts[at]!;
    }
  }
  return { offsets, docs: postingSlots, weights: impacts, maxImpact, slotCount: slots };
}

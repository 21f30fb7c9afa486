import type { Ranking } from '@shortlist/core';
import type { TermWeights } from './term-weights.js';
import { emptyPostings, type TfidfPostings } from './tfidf-postings.js';
import { type QueryVector, queryVector, readQueryVector } from './tfidf-query.js';
import { createSearcher, type Searcher, searchTfidf } from './tfidf-search.js';

/** Per-document data that survives snapshots: names and term frequencies (idf-free). */
export interface StoredDocuments {
  readonly names: readonly string[];
  readonly terms: readonly string[];
  /** Document i owns entries `offsets[i]` to `offsets[i + 1]` of `termIds` and `weights`. */
  readonly offsets: Int32Array;
  readonly termIds: Int32Array;
  readonly weights: Float64Array;
}

const smoothedIdf = (documents: number, frequency: number): number =>
  Math.log((1 + documents) / (1 + frequency)) + 1;

/**
 * The TF-IDF inverted index. Documents keep their raw (field-weighted, damped) term
 * frequencies; postings with idf-weighted, length-normalised weights are compiled lazily after a
 * change, because one added or removed tool changes every idf and so every document's norm.
 */
export class TfidfStore {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  /** Live documents containing each term. */
  private df = new Int32Array(256);
  private readonly names: (string | undefined)[] = [];
  private readonly docTerms: (Int32Array | undefined)[] = [];
  private readonly docWeights: (Float64Array | undefined)[] = [];
  private readonly slots = new Map<string, number>();
  private readonly freeSlots: number[] = [];

  private compiled = false;
  private postings: TfidfPostings = emptyPostings();
  private readonly searcher: Searcher = createSearcher(this.names);
  private readonly query: QueryVector = queryVector();

  get size(): number {
    return this.slots.size;
  }

  has(name: string): boolean {
    return this.slots.has(name);
  }

  /** Adds one document; the caller has checked that the name is new. */
  add(name: string, bag: TermWeights): void {
    const ids = new Int32Array(bag.terms.length);
    bag.terms.forEach((term, i) => {
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.terms.length;
        this.termIds.set(term, id);
        this.terms.push(term);
        if (id >= this.df.length) {
          const grown = new Int32Array(this.df.length * 2);
          grown.set(this.df);
          this.df = grown;
        }
      }
      this.df[id]!++;
      ids[i] = id;
    });
    const slot = this.freeSlots.pop() ?? this.names.length;
    this.names[slot] = name;
    this.docTerms[slot] = ids;
    this.docWeights[slot] = Float64Array.from(bag.weights);
    this.slots.set(name, slot);
    this.compiled = false;
  }

  /** Removes a document by name; returns false when there was none. */
  remove(name: string): boolean {
    const slot = this.slots.get(name);
    if (slot === undefined) return false;
    for (const id of this.docTerms[slot]!) this.df[id]!--;
    this.names[slot] = undefined;
    this.docTerms[slot] = undefined;
    this.docWeights[slot] = undefined;
    this.slots.delete(name);
    this.freeSlots.push(slot);
    this.compiled = false;
    return true;
  }

  /** Builds the postings: per term, the documents containing it with weight tf·idf / |d|. */
  private compile(): void {
    const termCount = this.terms.length;
    const documents = this.slots.size;
    const idf = new Float64Array(termCount);
    const offsets = new Int32Array(termCount + 1);
    for (let t = 0; t < termCount; t++) {
      const frequency = this.df[t]!;
      if (frequency > 0) idf[t] = smoothedIdf(documents, frequency);
      offsets[t + 1] = offsets[t]! + frequency;
    }
    const cursor = offsets.slice(0, termCount);
    const postingDocs = new Int32Array(offsets[termCount]!);
    const postingWeights = new Float64Array(offsets[termCount]!);
    const maxWeights = new Float64Array(termCount);
    for (let slot = 0; slot < this.names.length; slot++) {
      const ids = this.docTerms[slot];
      if (ids === undefined) continue;
      const weights = this.docWeights[slot]!;
      let squares = 0;
      for (let i = 0; i < ids.length; i++) {
        const w = weights[i]! * idf[ids[i]!]!;
        squares += w * w;
      }
      if (squares === 0) continue;
      const inverseNorm = 1 / Math.sqrt(squares);
      for (let i = 0; i < ids.length; i++) {
        const t = ids[i]!;
        const p = cursor[t]!++;
        postingDocs[p] = slot;
        const w = weights[i]! * idf[t]! * inverseNorm;
        postingWeights[p] = w;
        if (w > maxWeights[t]!) maxWeights[t] = w;
      }
    }
    this.postings = {
      offsets,
      docs: postingDocs,
      weights: postingWeights,
      maxWeights,
      idf,
      slotCount: this.names.length,
    };
    this.compiled = true;
  }

  /**
   * Cosine of the query's tf·idf vector (from its tokens) with every document's, best `limit`
   * first, ties by name; exact, with max-score pruning (see `searchTfidf`).
   */
  rank(tokens: readonly string[], sublinearTf: boolean, limit: number): Ranking {
    if (!this.compiled) this.compile();
    const m = readQueryVector(
      this.query,
      this.postings,
      this.termIds,
      this.df,
      tokens,
      sublinearTf,
    );
    if (m === 0 || limit <= 0) return [];
    return searchTfidf(this.searcher, this.postings, this.query, limit);
  }

  /** The documents in slot order, with unused terms dropped, for a snapshot. */
  exportDocuments(): StoredDocuments {
    const remap = new Int32Array(this.terms.length).fill(-1);
    const terms: string[] = [];
    const names: string[] = [];
    const offsets = new Int32Array(this.slots.size + 1);
    let total = 0;
    for (const ids of this.docTerms) if (ids) total += ids.length;
    const termIds = new Int32Array(total);
    const weights = new Float64Array(total);
    let p = 0;
    for (let slot = 0; slot < this.names.length; slot++) {
      const ids = this.docTerms[slot];
      if (ids === undefined) continue;
      const docWeights = this.docWeights[slot]!;
      for (let i = 0; i < ids.length; i++) {
        let id = remap[ids[i]!]!;
        if (id < 0) {
          id = terms.length;
          remap[ids[i]!] = id;
          terms.push(this.terms[ids[i]!]!);
        }
        termIds[p] = id;
        weights[p++] = docWeights[i]!;
      }
      names.push(this.names[slot]!);
      offsets[names.length] = p;
    }
    return { names, terms, offsets, termIds, weights };
  }

  /** Loads documents exported by `exportDocuments` (validated by the caller), adopting its arrays. */
  static fromDocuments(documents: StoredDocuments): TfidfStore {
    const store = new TfidfStore();
    store.df = new Int32Array(Math.max(256, documents.terms.length));
    documents.terms.forEach((term, id) => {
      store.termIds.set(term, id);
      store.terms.push(term);
    });
    for (const id of documents.termIds) store.df[id]!++;
    documents.names.forEach((name, doc) => {
      const start = documents.offsets[doc]!;
      const end = documents.offsets[doc + 1]!;
      store.names.push(name);
      store.docTerms.push(documents.termIds.subarray(start, end));
      store.docWeights.push(documents.weights.subarray(start, end));
      store.slots.set(name, doc);
    });
    store.compile();
    return store;
  }

  /** Compiles now rather than on the first query, so a fresh index answers at full speed. */
  prepare(): void {
    if (!this.compiled) this.compile();
  }
}

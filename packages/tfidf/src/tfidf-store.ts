import {
  createMaxScoreSearcher,
  MAX_QUERY_TERMS,
  type MaxScoreSearcher,
  maxScorePlace,
  maxScoreSearch,
  type PackedTerms,
  type PlaceOptions,
  packedTermCount,
  packedTermId,
  type Ranking,
  unpackTerms,
} from '@shortlist/core/kit';
import type { DeferredTerms, LaterTerms } from './interning-tokenizer.js';
import { dampCount, type TermWeights } from './term-weights.js';
import { emptyPostings, type TfidfPostings } from './tfidf-postings.js';
import { type QueryVector, queryVector, readQueryVector } from './tfidf-query.js';
import { inverseNorm, smoothedIdf } from './tfidf-weights.js';

/** Per-document data that survives snapshots: names and term frequencies (idf-free). */
export interface StoredDocuments {
  readonly names: readonly string[];
  readonly terms: readonly string[];
  /** Document i owns entries `offsets[i]` to `offsets[i + 1]` of `termIds` and `weights`. */
  readonly offsets: Int32Array;
  readonly termIds: Int32Array;
  readonly weights: Float64Array;
}

/**
 * A snapshot's index as it is read back: names, the vocabulary packed, the compiled postings,
 * and each posting's stored (damped, field-weighted) frequency as an index into `values`, from
 * which the documents are rebuilt only when the store first changes.
 */
export interface RestoredPostings {
  readonly names: readonly string[];
  readonly terms: PackedTerms;
  readonly postings: TfidfPostings;
  /** Posting p's stored frequency is `values[valueIndex[p]]`. */
  readonly valueIndex: Uint16Array | Uint32Array;
  readonly values: Float64Array;
}

/** Looks a term's id up, in a `Map` or in a snapshot's packed vocabulary. */
export interface TermLookup {
  get(term: string): number | undefined;
}

/** A copy of `array` with room for at least `needed` entries (doubling). */
const growInt32 = (array: Int32Array, needed: number): Int32Array => {
  const grown = new Int32Array(Math.max(needed, array.length * 2));
  grown.set(array);
  return grown;
};

/**
 * The TF-IDF inverted index. Documents keep their raw (field-weighted, damped) term
 * frequencies; postings with idf-weighted, length-normalised weights are compiled lazily after a
 * change, because one added or removed tool changes every idf and so every document's norm.
 */
export class TfidfStore {
  private readonly termIds = new Map<string, number>();
  private terms: string[] = [];
  /**
   * A restored store's vocabulary, read in place until the store changes (then `terms` and
   * `termIds` are made from it), so a restore makes no term string.
   */
  private packed: PackedTerms | undefined;
  /** What queries look terms up in: `termIds`, or the packed vocabulary. */
  private lookup: TermLookup = this.termIds;
  /**
   * Who spells the terms an interning tokenizer reserved (`later`); `terms` holds '' for them
   * until `spellDeferred` runs, before a change.
   */
  private deferred: DeferredTerms | undefined;
  /**
   * A restored store's stored frequencies by posting: the documents are rebuilt from them and
   * the postings (`materialize`) only when the store first changes, so a restore reads no entry.
   */
  private restored: RestoredPostings | undefined;
  /** Live documents containing each term. */
  private df: Int32Array = new Int32Array(256);
  private readonly names: (string | undefined)[] = [];
  // The analysed catalogue, flat: slot s owns entries [docStart[s], docStart[s] + docLength[s])
  // of entryTerms / entryWeights (term id, damped field-weighted frequency), in ascending term id.
  private docStart: Int32Array = new Int32Array(64);
  private docLength: Int32Array = new Int32Array(64);
  private entryTerms: Int32Array = new Int32Array(1024);
  private entryWeights: Float64Array = new Float64Array(1024);
  private entryCount = 0;
  /** Entries of removed documents still in the entry arrays, reclaimed by `compact`. */
  private garbage = 0;
  /** Live documents. */
  private live = 0;
  /**
   * Slot by name, made from `names` when first needed (an add or a remove): a restored store
   * that only answers queries never makes it.
   */
  private slotMap: Map<string, number> | undefined = new Map();
  private readonly freeSlots: number[] = [];

  /** Scratch of `addFields`: per term, the stamp of the document counting it, and its count. */
  private mark: Int32Array = new Int32Array(256);
  private counts: Float64Array = new Float64Array(256);
  private order: Int32Array = new Int32Array(256);
  private stamp = 0;
  /** Distinct terms of the document being counted (`startDocument`), in `order`. */
  private pending = 0;

  private compiled = false;
  private postings: TfidfPostings = emptyPostings();
  private readonly searcher: MaxScoreSearcher = createMaxScoreSearcher(this.names);
  private readonly query: QueryVector = queryVector();

  get size(): number {
    return this.live;
  }

  has(name: string): boolean {
    return this.slots.has(name);
  }

  private get slots(): Map<string, number> {
    if (this.slotMap === undefined) {
      const map = new Map<string, number>();
      for (let slot = 0; slot < this.names.length; slot++) {
        const name = this.names[slot];
        if (name !== undefined) map.set(name, slot);
      }
      this.slotMap = map;
    }
    return this.slotMap;
  }

  /** Adds one document; the caller has checked that the name is new. */
  add(name: string, bag: TermWeights): void {
    this.unpack();
    this.materialize();
    this.spellDeferred();
    const n = bag.terms.length;
    if (this.order.length < n) this.order = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const id = this.idOf(bag.terms[i]!);
      this.order[i] = id;
      this.counts[id] = bag.weights[i]!;
    }
    this.pending = n;
    this.finishDocument(name, false);
  }

  /**
   * Adds one document from its fields' terms (`undefined` for a field left out), each occurrence
   * counting its field's weight: the same entries as `add(name, toolTermWeights(...))`, without a
   * bag per tool. Terms are interned as they are read, so it suits a fresh build, not an undoable add.
   */
  addFields(
    name: string,
    fieldTerms: readonly (readonly string[] | undefined)[],
    fieldWeights: ArrayLike<number>,
    sublinearTf: boolean,
  ): void {
    const fieldIds = fieldTerms.map((terms) => {
      if (!terms) return undefined;
      const ids = new Int32Array(terms.length);
      for (let i = 0; i < terms.length; i++) ids[i] = this.idOf(terms[i]!);
      return ids;
    });
    this.addFieldIds(name, fieldIds, fieldWeights, sublinearTf);
  }

  /** `addFields` over term ids this store gave (`idOf`), as an interning tokenizer reads them. */
  addFieldIds(
    name: string,
    fieldIds: readonly (Int32Array | undefined)[],
    fieldWeights: ArrayLike<number>,
    sublinearTf: boolean,
  ): void {
    this.startDocument();
    for (let f = 0; f < fieldIds.length; f++) {
      const ids = fieldIds[f];
      if (ids) this.countIds(ids, fieldWeights[f]!);
    }
    this.finishDocument(name, sublinearTf);
  }

  /**
   * Starts a document whose fields' term ids (from `idOf`) come one field at a time, through
   * `countIds`, so a reader's array can be reused for the next field; `finishDocument` adds it.
   */
  startDocument(): void {
    this.unpack();
    this.materialize();
    this.stamp++;
    this.pending = 0;
  }

  /** Counts one field's term ids, each occurrence adding `weight`. */
  countIds(ids: ArrayLike<number>, weight: number): void {
    const { stamp, mark, counts } = this;
    let n = this.pending;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (mark[id] !== stamp) {
        mark[id] = stamp;
        counts[id] = 0;
        if (n === this.order.length) this.order = growInt32(this.order, n + 1);
        this.order[n++] = id;
      }
      counts[id]! += weight;
    }
    this.pending = n;
  }

  /**
   * Adds the document counted since `startDocument` under `name` (new: the caller checked), its
   * terms in ascending id: one order however the text came, so a norm is summed alike by a build
   * and by a restore that rebuilds documents from postings.
   */
  finishDocument(name: string, damp: boolean): void {
    const n = this.pending;
    const ids = this.order.subarray(0, n).sort();
    this.reserveEntries(this.entryCount + n);
    const start = this.entryCount;
    for (let k = 0; k < n; k++) {
      const id = ids[k]!;
      const count = this.counts[id]!;
      this.df[id]!++;
      this.entryTerms[start + k] = id;
      this.entryWeights[start + k] = damp ? dampCount(count) : count;
    }
    this.entryCount += n;
    this.place(name, start, n);
  }

  /** A term's id, interned (with room in every per-term array) when the store has not seen it. */
  readonly idOf = (term: string): number => {
    this.unpack();
    return this.termIds.get(term) ?? this.intern(term);
  };

  /** Lets an interning tokenizer give terms ids it spells only when asked (`LaterTerms`). */
  readonly later: LaterTerms = {
    register: (terms) => {
      this.deferred = terms;
      const known = (term: string) => this.termIds.get(term);
      this.lookup = { get: (term) => known(term) ?? terms.find(term, known) };
    },
    reserve: () => {
      this.unpack();
      const id = this.terms.length;
      this.terms.push('');
      this.roomFor(id);
      return id;
    },
  };

  /** Spells the terms `later` reserved into `terms` and `termIds`, before the store changes. */
  private spellDeferred(): void {
    const deferred = this.deferred;
    if (!deferred) return;
    for (let id = 0; id < this.terms.length; id++) {
      const term = this.terms[id] === '' ? deferred.spell(id) : undefined;
      if (term === undefined) continue;
      this.terms[id] = term;
      this.termIds.set(term, id);
    }
    this.deferred = undefined;
    this.lookup = this.termIds;
  }

  /** A term's text, spelling it when the tokenizer deferred it. */
  private termAt(id: number): string {
    const term = this.terms[id]!;
    return term === '' && this.deferred ? (this.deferred.spell(id) ?? term) : term;
  }

  /** Terms in the vocabulary, used or not. */
  private get termCount(): number {
    return this.packed ? packedTermCount(this.packed) : this.terms.length;
  }

  /** Makes `terms` and `termIds` from a restored store's packed vocabulary, before a change. */
  private unpack(): void {
    if (!this.packed) return;
    const terms = unpackTerms(this.packed);
    for (let id = 0; id < terms.length; id++) this.termIds.set(terms[id]!, id);
    this.terms = terms;
    this.packed = undefined;
    this.lookup = this.termIds;
    if (this.mark.length < terms.length) {
      this.mark = new Int32Array(terms.length);
      this.counts = new Float64Array(terms.length);
    }
  }

  /** A new term's id, with room for it in every per-term array. */
  private intern(term: string): number {
    const id = this.terms.length;
    this.termIds.set(term, id);
    this.terms.push(term);
    this.roomFor(id);
    return id;
  }

  /** Room for term `id` in every per-term array. */
  private roomFor(id: number): void {
    if (id >= this.df.length) this.df = growInt32(this.df, id + 1);
    if (id >= this.mark.length) {
      this.mark = growInt32(this.mark, id + 1);
      const counts = new Float64Array(this.mark.length);
      counts.set(this.counts);
      this.counts = counts;
    }
  }

  /** Gives a document of `n` entries from `start` a slot. */
  private place(name: string, start: number, n: number): void {
    const slot = this.freeSlots.pop() ?? this.names.length;
    if (slot >= this.docStart.length) {
      this.docStart = growInt32(this.docStart, slot + 1);
      this.docLength = growInt32(this.docLength, slot + 1);
    }
    this.names[slot] = name;
    this.docStart[slot] = start;
    this.docLength[slot] = n;
    this.slots.set(name, slot);
    this.live++;
    this.compiled = false;
  }

  /** Removes a document by name; returns false when there was none. */
  remove(name: string): boolean {
    const slot = this.slots.get(name);
    if (slot === undefined) return false;
    this.materialize();
    const start = this.docStart[slot]!;
    const end = start + this.docLength[slot]!;
    for (let e = start; e < end; e++) this.df[this.entryTerms[e]!]!--;
    this.garbage += end - start;
    this.names[slot] = undefined;
    this.docLength[slot] = 0;
    this.slots.delete(name);
    this.live--;
    this.freeSlots.push(slot);
    this.compiled = false;
    return true;
  }

  /**
   * Makes room for `entries` more analysed entries at once, so a batch add copies nothing:
   * exactly that many into an empty store (the first build), doubling otherwise.
   */
  reserve(entries: number): void {
    const needed = this.entryCount + entries;
    if (this.entryCount === 0 && needed > this.entryTerms.length) this.resize(needed);
    else this.reserveEntries(needed);
  }

  private reserveEntries(needed: number): void {
    if (needed > this.entryTerms.length) this.resize(Math.max(needed, this.entryTerms.length * 2));
  }

  private resize(capacity: number): void {
    const terms = new Int32Array(capacity);
    terms.set(this.entryTerms.subarray(0, this.entryCount));
    const weights = new Float64Array(capacity);
    weights.set(this.entryWeights.subarray(0, this.entryCount));
    this.entryTerms = terms;
    this.entryWeights = weights;
  }

  /** Drops removed documents' entries once they are a quarter of the arrays (slots stay). */
  private compact(): void {
    if (this.garbage * 4 < this.entryCount) return;
    let at = 0;
    const { entryTerms, entryWeights, docStart, docLength } = this;
    // Live documents in start order, so entries only ever move towards the front.
    const live: number[] = [];
    for (let slot = 0; slot < this.names.length; slot++) {
      if (this.names[slot] !== undefined) live.push(slot);
    }
    live.sort((x, y) => docStart[x]! - docStart[y]!);
    for (const slot of live) {
      const start = docStart[slot]!;
      const n = docLength[slot]!;
      entryTerms.copyWithin(at, start, start + n);
      entryWeights.copyWithin(at, start, start + n);
      docStart[slot] = at;
      at += n;
    }
    this.entryCount = at;
    this.garbage = 0;
  }

  /** Builds the postings: per term, the documents containing it with weight tf·idf / |d|. */
  private compile(): void {
    const termCount = this.termCount;
    const documents = this.live;
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
    this.compact();
    const { entryTerms, entryWeights, names, docStart, docLength } = this;
    for (let slot = 0; slot < names.length; slot++) {
      if (names[slot] === undefined) continue;
      const start = docStart[slot]!;
      const end = start + docLength[slot]!;
      const inverse = inverseNorm(entryTerms, entryWeights, start, end, idf);
      if (inverse === 0) continue;
      for (let e = start; e < end; e++) {
        const t = entryTerms[e]!;
        const p = cursor[t]!++;
        postingDocs[p] = slot;
        const w = entryWeights[e]! * idf[t]! * inverse;
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
   * first, ties by name; exact, with max-score pruning (core's `maxScoreSearch`).
   */
  rank(
    tokens: readonly string[],
    sublinearTf: boolean,
    limit: number,
    maxQueryTerms: number = MAX_QUERY_TERMS,
  ): Ranking {
    if (this.readQuery(tokens, sublinearTf, maxQueryTerms) === 0 || limit <= 0) return [];
    return maxScoreSearch(this.searcher, this.postings, this.query, limit);
  }

  /** Reads a query into `this.query` over compiled postings; its number of terms. */
  private readQuery(
    tokens: readonly string[],
    sublinearTf: boolean,
    maxQueryTerms: number,
  ): number {
    if (!this.compiled) this.compile();
    return readQueryVector(
      this.query,
      this.postings,
      this.lookup,
      this.df,
      tokens,
      sublinearTf,
      maxQueryTerms,
    );
  }

  /** `rank`'s first `head` tools, then the best `below` under them `only` accepts, with their ranks. */
  placeScope(
    tokens: readonly string[],
    sublinearTf: boolean,
    { head, only, below }: Required<Pick<PlaceOptions, 'head' | 'only' | 'below'>>,
    maxQueryTerms: number = MAX_QUERY_TERMS,
  ): Ranking {
    if (this.readQuery(tokens, sublinearTf, maxQueryTerms) === 0) return [];
    const slots = this.slots;
    const slotOf = (name: string) => slots.get(name);
    return maxScorePlace(this.searcher, this.postings, this.query, head, only, slotOf, below);
  }

  /** The documents in slot order, with unused terms dropped, for a snapshot. */
  exportDocuments(): StoredDocuments {
    this.unpack();
    this.materialize();
    // Terms some live document has keep their order (ids only close up), so every document's
    // entries stay in ascending term id.
    const remap = new Int32Array(this.terms.length).fill(-1);
    for (let slot = 0; slot < this.names.length; slot++) {
      if (this.names[slot] === undefined) continue;
      const start = this.docStart[slot]!;
      const end = start + this.docLength[slot]!;
      for (let e = start; e < end; e++) remap[this.entryTerms[e]!] = 0;
    }
    const terms: string[] = [];
    for (let term = 0; term < remap.length; term++) {
      if (remap[term] === 0) {
        remap[term] = terms.length;
        terms.push(this.termAt(term));
      }
    }
    const names: string[] = [];
    const offsets = new Int32Array(this.live + 1);
    const total = this.entryCount - this.garbage;
    const termIds = new Int32Array(total);
    const weights = new Float64Array(total);
    let p = 0;
    for (let slot = 0; slot < this.names.length; slot++) {
      if (this.names[slot] === undefined) continue;
      const start = this.docStart[slot]!;
      const end = start + this.docLength[slot]!;
      for (let e = start; e < end; e++) {
        termIds[p] = remap[this.entryTerms[e]!]!;
        weights[p++] = this.entryWeights[e]!;
      }
      names.push(this.names[slot]!);
      offsets[names.length] = p;
    }
    return { names, terms, offsets, termIds, weights };
  }

  /**
   * A store over a snapshot's postings (checked by the reader), read in place: no entry is
   * read and no term string made until the store first changes (`materialize`).
   */
  static fromPostings(restored: RestoredPostings): TfidfStore {
    const store = new TfidfStore();
    const { names, terms, postings } = restored;
    store.packed = terms;
    store.lookup = { get: (term) => packedTermId(terms, term) };
    const termCount = packedTermCount(terms);
    // Every document is live: a term's postings are the documents that have it.
    const df = new Int32Array(Math.max(256, termCount));
    for (let t = 0; t < termCount; t++) df[t] = postings.offsets[t + 1]! - postings.offsets[t]!;
    store.df = df;
    for (let doc = 0; doc < names.length; doc++) store.names.push(names[doc]!);
    store.live = names.length;
    store.slotMap = undefined;
    store.postings = postings;
    store.compiled = true;
    store.restored = restored;
    return store;
  }

  /**
   * Rebuilds a restored store's documents from its postings, before its first change: each
   * document's entries come out in ascending term id, as a build stores them.
   */
  private materialize(): void {
    const restored = this.restored;
    if (!restored) return;
    this.restored = undefined;
    const { offsets, docs } = restored.postings;
    const { valueIndex, values } = restored;
    const count = this.names.length;
    const total = docs.length;
    this.docStart = new Int32Array(Math.max(64, count));
    this.docLength = new Int32Array(Math.max(64, count));
    const { docStart, docLength } = this;
    for (let p = 0; p < total; p++) docLength[docs[p]!]!++;
    for (let doc = 1; doc < count; doc++) docStart[doc] = docStart[doc - 1]! + docLength[doc - 1]!;
    const fill = docStart.slice(0, count);
    this.entryTerms = new Int32Array(Math.max(1024, total));
    this.entryWeights = new Float64Array(Math.max(1024, total));
    const { entryTerms, entryWeights } = this;
    for (let t = 0; t + 1 < offsets.length; t++) {
      for (let p = offsets[t]!; p < offsets[t + 1]!; p++) {
        const e = fill[docs[p]!]!++;
        entryTerms[e] = t;
        entryWeights[e] = values[valueIndex[p]!]!;
      }
    }
    this.entryCount = total;
  }

  /** Compiles now rather than on the first query, so a fresh index answers at full speed. */
  prepare(): void {
    if (!this.compiled) this.compile();
  }
}

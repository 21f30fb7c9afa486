import { InvalidArgumentError, type Tool } from '@shortlist/core';
import {
  type LongCallOptions,
  throwIfAborted,
  toolFieldNames,
  toolFields,
} from '@shortlist/core/kit';
import { type AsciiTerms, addAsciiTerm, asciiTerms, NOT_ASCII, scanAscii } from './ascii-terms.js';
import { ensureLength } from './grow.js';
import type { Bm25Config } from './resolve-options.js';

/** Number of searchable fields; an entry packs its field into the low 3 bits. */
export const FIELD_COUNT: number = toolFieldNames.length;
/** `entryFieldTf = tf << FIELD_BITS | field`. */
export const FIELD_BITS = 3;
const FIELD_MASK = (1 << FIELD_BITS) - 1;

/**
 * The analysed catalogue, kept so that adds, removes and snapshots never re-tokenise a tool:
 * per tool slot, its (term, field, frequency) entries sorted by term, and per field its length.
 * Collection statistics (live tools, field length totals, document frequencies) stay exact.
 */
export interface TermStore {
  /**
   * Term id by term, built only when text the ASCII table cannot take (another script, a
   * custom tokenizer) needs it; read it through `vocabularyOf`.
   */
  vocabulary: Map<string, number> | undefined;
  readonly terms: string[];
  /** Live tools containing each term, by term id. */
  documentFrequency: Int32Array;
  /** Tool name by slot; `undefined` once removed. */
  readonly names: (string | undefined)[];
  readonly slots: Map<string, number>;
  /** Tokens per (slot, field): `fieldLengths[slot * FIELD_COUNT + field]`. */
  fieldLengths: Uint32Array;
  /** Sum of live tools' field lengths, per field; integers, so add then remove is exact. */
  readonly fieldTotals: Float64Array;
  /** Slot s owns entries `[entryStart[s], entryStart[s + 1])`. */
  entryStart: Int32Array;
  entryTerm: Int32Array;
  entryFieldTf: Int32Array;
  live: number;
  /** Bumped by every change, so derived postings know they are stale. */
  version: number;
  /** The fused ASCII analysis of the default chain, made at the first add that can use it. */
  ascii?: AsciiTerms;
}

/** An empty store. */
export function createTermStore(): TermStore {
  return {
    vocabulary: undefined,
    terms: [],
    documentFrequency: new Int32Array(64),
    names: [],
    slots: new Map(),
    fieldLengths: new Uint32Array(64 * FIELD_COUNT),
    fieldTotals: new Float64Array(FIELD_COUNT),
    entryStart: new Int32Array(64),
    entryTerm: new Int32Array(1024),
    entryFieldTf: new Int32Array(1024),
    live: 0,
    version: 0,
  };
}

/** The store's term map, built from its term list at first use. */
export function vocabularyOf(store: TermStore): Map<string, number> {
  if (store.vocabulary === undefined) {
    const vocabulary = new Map<string, number>();
    for (let id = 0; id < store.terms.length; id++) vocabulary.set(store.terms[id]!, id);
    store.vocabulary = vocabulary;
  }
  return store.vocabulary;
}

/** Number of slots in use, removed ones included. */
export const slotCount = (store: TermStore): number => store.names.length;

/** Entries stored in total, removed tools' included until compaction. */
export const entryCount = (store: TermStore): number => store.entryStart[store.names.length] ?? 0;

function checkNewNames(store: TermStore, tools: readonly Tool[]): void {
  const seen = new Set<string>();
  tools.forEach((tool, i) => {
    const name = (tool as Partial<Tool> | null)?.name;
    if (typeof name !== 'string' || name === '') {
      throw new InvalidArgumentError({
        argument: `tools[${i}].name`,
        expected: 'a non-empty string',
        message: `bm25: tools[${i}] has no name; pass canonical tools (toTools() from @shortlist/core)`,
      });
    }
    if (store.slots.has(name) || seen.has(name)) {
      throw new InvalidArgumentError({
        argument: `tools[${i}].name`,
        expected: 'a name new to the index',
        message: `bm25: tool "${name}" is already indexed; tool names must be unique (remove it first to replace it)`,
      });
    }
    seen.add(name);
  });
}

/** Tools analysed between abort checks and progress reports. */
const BATCH = 256;

/**
 * Tokenises tools into new slots and updates the statistics. All names are checked before
 * anything changes, so a rejected call leaves the store as it was.
 */
export function addTools(
  store: TermStore,
  config: Bm25Config,
  tools: readonly Tool[],
  options?: LongCallOptions,
): void {
  throwIfAborted(options?.signal);
  checkNewNames(store, tools);
  if (config.stopwords !== undefined) store.ascii ??= asciiTerms(config.stopwords, store.terms);
  const start = slotCount(store);
  store.entryStart = ensureLength(store.entryStart, start + tools.length + 1);
  store.fieldLengths = ensureLength(store.fieldLengths, (start + tools.length) * FIELD_COUNT);
  const scratch = { keys: new Uint32Array(256) };
  for (let i = 0; i < tools.length; i++) {
    if (i % BATCH === 0 && i > 0) {
      throwIfAborted(options?.signal);
      options?.onProgress?.({ phase: 'bm25: analyse tools', done: i, total: tools.length });
      if (i === BATCH) reserveEntries(store, start, i, tools.length);
    }
    analyseTool(store, config, tools[i]!, start + i, scratch);
  }
  options?.onProgress?.({ phase: 'bm25: analyse tools', done: tools.length, total: tools.length });
  store.version++;
}

/** Adds a term found by the tokenizer path to the vocabulary (and the ASCII table, if any). */
function newTerm(store: TermStore, token: string): number {
  const term = store.terms.length;
  vocabularyOf(store).set(token, term);
  store.terms.push(token);
  if (store.ascii) addAsciiTerm(store.ascii, token, term);
  return term;
}

/**
 * Analyses one tool into `slot`. A function of its own, called once a tool, so V8 optimises it
 * during the first few hundred tools of any build and every later build starts optimised.
 */
function analyseTool(
  store: TermStore,
  config: Bm25Config,
  tool: Tool,
  slot: number,
  scratch: { keys: Uint32Array },
): void {
  const { weights, tokenizer } = config;
  const ascii = config.stopwords === undefined ? undefined : store.ascii;
  const fields = toolFields(tool);
  let keys = scratch.keys;
  let count = 0;
  for (let f = 0; f < FIELD_COUNT; f++) {
    if (weights[f] === 0) continue;
    const text = fields[toolFieldNames[f]!];
    if (ascii !== undefined) {
      // Pure-ASCII text under the default chain: words go straight to term ids.
      keys = ensureLength(keys, count + text.length);
      const end = scanAscii(ascii, text, f, keys, count, store);
      if (end !== NOT_ASCII) {
        store.fieldLengths[slot * FIELD_COUNT + f] = end - count;
        store.fieldTotals[f]! += end - count;
        count = end;
        continue;
      }
    }
    const tokens = tokenizer(text);
    store.fieldLengths[slot * FIELD_COUNT + f] = tokens.length;
    store.fieldTotals[f]! += tokens.length;
    keys = ensureLength(keys, count + tokens.length);
    for (const token of tokens) {
      const term = vocabularyOf(store).get(token) ?? newTerm(store, token);
      keys[count++] = term * (FIELD_MASK + 1) + f;
    }
  }
  scratch.keys = keys;
  sortKeys(keys, count);
  appendEntries(store, slot, keys, count);
  store.names.push(tool.name);
  store.slots.set(tool.name, slot);
  store.live++;
}

/**
 * Sizes the entry arrays for the whole batch from its first `done` tools (a quarter extra),
 * so a large catalogue copies them once rather than at every doubling.
 */
function reserveEntries(store: TermStore, start: number, done: number, total: number): void {
  const base = store.entryStart[start]!;
  const perTool = (store.entryStart[start + done]! - base) / done;
  const expected = base + Math.ceil(perTool * total * 1.25);
  store.entryTerm = ensureLength(store.entryTerm, expected);
  store.entryFieldTf = ensureLength(store.entryFieldTf, expected);
}

/** Sorts `keys[0, count)` ascending: insertion sort for a typical tool's few dozen keys. */
function sortKeys(keys: Uint32Array, count: number): void {
  if (count > 64) {
    keys.subarray(0, count).sort();
    return;
  }
  for (let i = 1; i < count; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
}

/** Run-length encodes one tool's sorted (term, field) keys into entries and counts its terms. */
function appendEntries(store: TermStore, slot: number, keys: Uint32Array, count: number): void {
  let at = store.entryStart[slot]!;
  store.entryTerm = ensureLength(store.entryTerm, at + count);
  store.entryFieldTf = ensureLength(store.entryFieldTf, at + count);
  store.documentFrequency = ensureLength(store.documentFrequency, store.terms.length);
  let previousTerm = -1;
  for (let i = 0; i < count; ) {
    const key = keys[i]!;
    let tf = 0;
    while (i < count && keys[i] === key) {
      tf++;
      i++;
    }
    const term = Math.floor(key / (FIELD_MASK + 1));
    if (term !== previousTerm) store.documentFrequency[term]!++;
    previousTerm = term;
    store.entryTerm[at] = term;
    store.entryFieldTf[at] = (tf << FIELD_BITS) | (key & FIELD_MASK);
    at++;
  }
  store.entryStart[slot + 1] = at;
}

/** Removes tools by name (unknown names are ignored) and takes them out of the statistics. */
export function removeTools(store: TermStore, names: readonly string[]): void {
  let removed = 0;
  for (const name of names) {
    const slot = store.slots.get(name);
    if (slot === undefined) continue;
    store.slots.delete(name);
    store.names[slot] = undefined;
    store.live--;
    removed++;
    for (let f = 0; f < FIELD_COUNT; f++) {
      store.fieldTotals[f]! -= store.fieldLengths[slot * FIELD_COUNT + f]!;
    }
    let previousTerm = -1;
    for (let e = store.entryStart[slot]!; e < store.entryStart[slot + 1]!; e++) {
      const term = store.entryTerm[e]!;
      if (term !== previousTerm) store.documentFrequency[term]!--;
      previousTerm = term;
    }
  }
  if (removed > 0) store.version++;
}

/**
 * Drops removed tools' slots and entries once they are a quarter of the store; slots are
 * renumbered, which changes no score (ties break by name, not slot).
 */
export function compactIfWorthwhile(store: TermStore): void {
  const slots = slotCount(store);
  if (slots - store.live <= Math.max(64, slots / 4)) return;
  const entryStart = new Int32Array(store.live + 1);
  const fieldLengths = new Uint32Array(Math.max(1, store.live) * FIELD_COUNT);
  const entryTerm = new Int32Array(Math.max(16, entryCount(store)));
  const entryFieldTf = new Int32Array(entryTerm.length);
  const names: string[] = [];
  let at = 0;
  for (let slot = 0; slot < slots; slot++) {
    const name = store.names[slot];
    if (name === undefined) continue;
    const next = names.length;
    fieldLengths.set(
      store.fieldLengths.subarray(slot * FIELD_COUNT, (slot + 1) * FIELD_COUNT),
      next * FIELD_COUNT,
    );
    const from = store.entryStart[slot]!;
    const to = store.entryStart[slot + 1]!;
    entryTerm.set(store.entryTerm.subarray(from, to), at);
    entryFieldTf.set(store.entryFieldTf.subarray(from, to), at);
    entryStart[next] = at;
    at += to - from;
    entryStart[next + 1] = at;
    names.push(name);
    store.slots.set(name, next);
  }
  store.names.length = names.length;
  for (let i = 0; i < names.length; i++) store.names[i] = names[i];
  store.entryStart = entryStart;
  store.fieldLengths = fieldLengths;
  store.entryTerm = entryTerm;
  store.entryFieldTf = entryFieldTf;
  store.version++;
}

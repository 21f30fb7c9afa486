import type { TokenEncoding } from './token-counter.js';

/** What a vocabulary module holds: see scripts/write-vocabularies.mjs. */
interface Vocabulary {
  readonly lengths: string;
  readonly bytes: string;
}

/** The head module also holds the encoding's pre-tokenizer pattern. */
interface HeadVocabulary extends Vocabulary {
  readonly pattern: string;
}

/** What counting with one table needs; read-only once built, so every counter shares it. */
export interface BoundTable {
  readonly ranks: ReadonlyMap<string, number>;
  readonly splitter: RegExp;
  /** Tokens of pieces counted already with this table. */
  readonly pieces: Map<string, number>;
  /** Whether this is the whole table (all 40,000 ranks) or its head. */
  readonly whole: boolean;
}

// Literal specifiers, one per module, so only the tables asked for are loaded and each is a chunk.
function importHead(encoding: TokenEncoding): Promise<HeadVocabulary> {
  switch (encoding) {
    case 'o200k_base':
      return import('./vocabulary/o200k-base-head.js');
    case 'cl100k_base':
      return import('./vocabulary/cl100k-base-head.js');
  }
}

function importTail(encoding: TokenEncoding): Promise<Vocabulary> {
  switch (encoding) {
    case 'o200k_base':
      return import('./vocabulary/o200k-base-tail.js');
    case 'cl100k_base':
      return import('./vocabulary/cl100k-base-tail.js');
  }
}

/** Adds `vocabulary`'s tokens to `ranks`, numbered from `first`. */
function addRanks(ranks: Map<string, number>, { lengths, bytes }: Vocabulary, first: number): void {
  for (let i = 0, at = 0; i < lengths.length; i++) {
    const end = at + lengths.charCodeAt(i) - 48;
    ranks.set(bytes.slice(at, end), first + i);
    at = end;
  }
}

function table(head: HeadVocabulary, tail: Vocabulary | undefined): BoundTable {
  const ranks = new Map<string, number>();
  addRanks(ranks, head, 0);
  if (tail) addRanks(ranks, tail, head.lengths.length);
  const splitter = new RegExp(head.pattern, 'gu');
  return { ranks, splitter, pieces: new Map(), whole: tail !== undefined };
}

const heads = new Map<TokenEncoding, Promise<BoundTable>>();
const wholes = new Map<TokenEncoding, Promise<BoundTable>>();
const loadedWholes = new Map<TokenEncoding, BoundTable>();

/** Forgets a failed load, so the next call tries again. */
function cached(
  cache: Map<TokenEncoding, Promise<BoundTable>>,
  encoding: TokenEncoding,
  load: () => Promise<BoundTable>,
): Promise<BoundTable> {
  let loading = cache.get(encoding);
  if (!loading) {
    loading = load();
    cache.set(encoding, loading);
    loading.catch(() => cache.delete(encoding));
  }
  return loading;
}

/** The encoding's whole table (ranks 0 to 39,999): head and tail, about 0.3 MB. */
export function wholeTable(encoding: TokenEncoding): Promise<BoundTable> {
  return cached(wholes, encoding, async () => {
    const [head, tail] = await Promise.all([importHead(encoding), importTail(encoding)]);
    const whole = table(head, tail);
    loadedWholes.set(encoding, whole);
    // The head's table is no longer handed out: counters made from now on count with this one.
    heads.delete(encoding);
    return whole;
  });
}

/** The whole table if it is loaded already, else the head alone (ranks below 10,000). */
export function headTable(encoding: TokenEncoding): Promise<BoundTable> {
  const whole = loadedWholes.get(encoding);
  if (whole) return Promise.resolve(whole);
  return cached(heads, encoding, async () => table(await importHead(encoding), undefined));
}

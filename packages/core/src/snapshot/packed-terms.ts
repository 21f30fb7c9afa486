import { fnv1a } from '../util/fnv1a.js';
import { failSnapshot } from './snapshot-checks.js';

/**
 * A vocabulary laid out in three typed arrays, so a snapshot restores it by view: no term string
 * is parsed, made or hashed until one is looked up. Term `i` is the UTF-16 code units
 * `chars[starts[i]]` to `chars[starts[i + 1]]`; `table` is an open-addressing hash table (a power
 * of two long) holding `id + 1` per used place and 0 where empty.
 */
export interface PackedTerms {
  /** One byte a code unit when every one is below 256 (Latin-1, as most terms are), else two. */
  readonly chars: Uint8Array | Uint16Array;
  readonly starts: Int32Array;
  readonly table: Int32Array;
}

/** FNV-1a over a term's UTF-16 code units. */
const hashOf = (term: string): number => fnv1a(term) >>> 0;

/** Packs distinct `terms` (term `i` gets id `i`), with a table at most half full. */
export function packTerms(terms: readonly string[]): PackedTerms {
  let length = 0;
  let wide = false;
  for (const term of terms) {
    length += term.length;
    for (let c = 0; c < term.length && !wide; c++) wide = term.charCodeAt(c) > 0xff;
  }
  const chars = wide ? new Uint16Array(length) : new Uint8Array(length);
  const starts = new Int32Array(terms.length + 1);
  let at = 0;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    for (let c = 0; c < term.length; c++) chars[at++] = term.charCodeAt(c);
    starts[i + 1] = at;
  }
  let size = 2;
  while (size < terms.length * 2) size *= 2;
  const table = new Int32Array(size);
  const mask = size - 1;
  for (let i = 0; i < terms.length; i++) {
    let place = hashOf(terms[i]!) & mask;
    while (table[place] !== 0) place = (place + 1) & mask;
    table[place] = i + 1;
  }
  return { chars, starts, table };
}

/** Number of terms. */
export const packedTermCount = (packed: PackedTerms): number => packed.starts.length - 1;

/**
 * The id of `term`, or `undefined` when the vocabulary lacks it. Probes at most the whole table,
 * so even a table that a damaged snapshot left with no empty place cannot loop for ever.
 */
export function packedTermId(packed: PackedTerms, term: string): number | undefined {
  const { chars, starts, table } = packed;
  const mask = table.length - 1;
  let place = hashOf(term) & mask;
  for (let probes = 0; probes < table.length; probes++) {
    const entry = table[place]!;
    if (entry === 0) return undefined;
    const id = entry - 1;
    const start = starts[id]!;
    if (starts[id + 1]! - start === term.length) {
      let same = true;
      for (let c = 0; c < term.length; c++) {
        if (chars[start + c] !== term.charCodeAt(c)) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
    place = (place + 1) & mask;
  }
  return undefined;
}

/** The text of `codes`, a few thousand code units at a time (an argument list has a limit). */
function textOf(codes: Uint8Array | Uint16Array): string {
  const apply = (part: Uint8Array | Uint16Array) =>
    String.fromCharCode.apply(null, part as unknown as number[]);
  if (codes.length <= 4096) return apply(codes);
  let text = '';
  for (let at = 0; at < codes.length; at += 4096) text += apply(codes.subarray(at, at + 4096));
  return text;
}

/** The terms as strings, in id order: for a store that starts to change (a cold path). */
export function unpackTerms(packed: PackedTerms): string[] {
  const { chars, starts } = packed;
  const terms: string[] = new Array(starts.length - 1);
  for (let i = 0; i < terms.length; i++)
    terms[i] = textOf(chars.subarray(starts[i]!, starts[i + 1]!));
  return terms;
}

/**
 * Throws `CorruptDataError` (as `kind`'s snapshot) unless `packed` is well formed: offsets from 0
 * to the end of `chars` never falling, a power-of-two table of ids in range, none twice. Linear in
 * the arrays' lengths, with no string made.
 */
export function checkPackedTerms(kind: string, packed: PackedTerms): void {
  const { chars, starts, table } = packed;
  const count = starts.length - 1;
  if (count < 0 || starts[0] !== 0 || starts[count] !== chars.length) {
    failSnapshot(kind, 'its term offsets do not match its term text');
  }
  for (let i = 0; i < count; i++) {
    if (starts[i + 1]! < starts[i]!) failSnapshot(kind, 'its term offsets are not ascending');
  }
  if (table.length < 2 || (table.length & (table.length - 1)) !== 0 || table.length < count) {
    failSnapshot(kind, 'its term table has the wrong size');
  }
  let used = 0;
  const seen = new Uint8Array(count);
  for (let place = 0; place < table.length; place++) {
    const entry = table[place]!;
    if (entry === 0) continue;
    if (entry < 0 || entry > count || seen[entry - 1] === 1) {
      failSnapshot(kind, 'its term table holds an id out of range or twice');
    }
    seen[entry - 1] = 1;
    used++;
  }
  if (used !== count) failSnapshot(kind, 'its term table does not hold every term');
}

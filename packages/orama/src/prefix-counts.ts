import type { TokenOccurrences } from './orama-query-terms.js';

/** What a query term costs Orama: the indexed terms it begins (each looked up and scored on its own) and their postings. */
export interface TermReach {
  /** Indexed terms the query term is a prefix of (itself included), over every field. */
  readonly terms: number;
  /** Tools those terms occur in, summed over terms and fields. */
  readonly postings: number;
}

/** The reach of a marked query term in Orama's index, prefix matches included. */
export type PostingCount = (markedTerm: string) => TermReach;

/** Above every UTF-16 unit a term can continue with: the end of a prefix's range. */
const AFTER_PREFIX = '\uffff';

/** The first position in sorted `keys` not below `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Counts a term's reach as Orama matches it: every indexed term the query term is a prefix of,
 * so "a" reaches every term starting with "a" and costs their lookups and postings too. The
 * terms are sorted once, with running totals, so a count is two binary searches.
 */
export function prefixCounts(occurrences: TokenOccurrences): PostingCount {
  const totals = new Map<string, number>();
  const fieldsOf = new Map<string, number>();
  for (const field of Object.values(occurrences)) {
    if (!field) continue;
    for (const term of Object.keys(field)) {
      totals.set(term, (totals.get(term) ?? 0) + field[term]!);
      fieldsOf.set(term, (fieldsOf.get(term) ?? 0) + 1);
    }
  }
  const keys = [...totals.keys()].sort();
  const postings = new Float64Array(keys.length + 1);
  const terms = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) {
    postings[i + 1] = postings[i]! + totals.get(keys[i]!)!;
    terms[i + 1] = terms[i]! + fieldsOf.get(keys[i]!)!;
  }
  return (markedTerm) => {
    const from = lowerBound(keys, markedTerm);
    const to = lowerBound(keys, markedTerm + AFTER_PREFIX);
    return { terms: terms[to]! - terms[from]!, postings: postings[to]! - postings[from]! };
  };
}

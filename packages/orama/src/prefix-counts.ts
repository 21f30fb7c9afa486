import type { TokenOccurrences } from './orama-query-terms.js';

/** How many postings a query term reaches in Orama's index, prefix matches included. */
export type PostingCount = (markedTerm: string) => number;

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
 * Counts a term's postings as Orama reaches them: Orama matches every indexed term the query term
 * is a prefix of, so "a" reaches every term starting with "a" and costs their postings too. The
 * terms are sorted once, with running totals, so a count is two binary searches.
 */
export function prefixCounts(occurrences: TokenOccurrences): PostingCount {
  const totals = new Map<string, number>();
  for (const field of Object.values(occurrences)) {
    if (!field) continue;
    for (const term of Object.keys(field)) totals.set(term, (totals.get(term) ?? 0) + field[term]!);
  }
  const keys = [...totals.keys()].sort();
  const running = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) running[i + 1] = running[i]! + totals.get(keys[i]!)!;
  return (markedTerm) =>
    running[lowerBound(keys, markedTerm + AFTER_PREFIX)]! - running[lowerBound(keys, markedTerm)]!;
}

import type { Tokenizer } from '@shortlist/core/kit';
import { TERM_MARK } from './orama-tokenizer.js';

/**
 * The most postings (tools a term occurs in, summed over the query's terms) Orama is asked to
 * score for one query: Orama scores every match of every term, a few microseconds each, so a
 * query of common words would take hundreds of milliseconds at 10,000 tools.
 */
export const MAX_ORAMA_QUERY_POSTINGS = 10_000;

/**
 * The most distinct terms Orama is given for one query: it looks each one up on its own, about
 * half a millisecond a term at 10,000 tools, matched or not.
 */
export const MAX_ORAMA_QUERY_TERMS = 32;

/** Term counts per field as Orama's index keeps them (tools a term occurs in). */
export type TokenOccurrences = Readonly<
  Record<string, Readonly<Record<string, number>> | undefined>
>;

/**
 * The query Orama is given: whole when it has at most `MAX_ORAMA_QUERY_TERMS` terms occurring
 * in at most `MAX_ORAMA_QUERY_POSTINGS` places, else only the words holding its rarest terms (by
 * field occurrences, ties to the first seen) that fit both, in query order. Without typo
 * `tolerance` a term in no tool matches nothing and is left out.
 */
export function rarestWords(
  query: string,
  tokenize: Tokenizer,
  occurrences: TokenOccurrences,
  tolerance: number,
): string {
  const words = query.split(/\s+/).filter((word) => word !== '');
  const wordTerms = words.map((word) => [...new Set(tokenize(word))]);
  const frequency = new Map<string, number>();
  let total = 0;
  for (const terms of wordTerms) {
    for (const term of terms) {
      if (frequency.has(term)) continue;
      let count = 0;
      for (const field of Object.values(occurrences)) {
        if (field && Object.hasOwn(field, TERM_MARK + term)) count += field[TERM_MARK + term]!;
      }
      frequency.set(term, count);
      total += count;
    }
  }
  if (total <= MAX_ORAMA_QUERY_POSTINGS && frequency.size <= MAX_ORAMA_QUERY_TERMS) return query;
  const kept = new Set<string>();
  let spent = 0;
  // A stable sort: ties keep the order terms were first seen in.
  for (const [term, count] of [...frequency].sort((a, b) => a[1] - b[1])) {
    if (count === 0 && tolerance === 0) continue;
    if (kept.size === MAX_ORAMA_QUERY_TERMS) break;
    if (kept.size > 0 && spent + count > MAX_ORAMA_QUERY_POSTINGS) break;
    kept.add(term);
    spent += count;
  }
  return words.filter((_, i) => wordTerms[i]!.some((term) => kept.has(term))).join(' ');
}

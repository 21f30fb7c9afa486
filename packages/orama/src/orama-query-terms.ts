import type { Tokenizer } from '@shortlist/core/kit';
import { TERM_MARK } from './orama-tokenizer.js';
import type { PostingCount } from './prefix-counts.js';

/**
 * The most postings (tools a term or a term it is a prefix of occurs in, summed over the query's
 * terms) Orama is asked to score for one query: Orama scores every match of every term, a few
 * microseconds each, so a query of common words (or a short term such as "a", which reaches every
 * term it begins) would take hundreds of milliseconds to seconds at 10,000 tools.
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
 * The query Orama is given: whole when it has at most `MAX_ORAMA_QUERY_TERMS` terms reaching at
 * most `MAX_ORAMA_QUERY_POSTINGS` postings (`count`, prefix matches included), else only the words
 * all of whose terms are among its rarest (ties to the first seen) that fit both, in query order.
 * Without typo `tolerance` a term that reaches no tool matches nothing and is left out.
 */
export function rarestWords(
  query: string,
  tokenize: Tokenizer,
  count: PostingCount,
  tolerance: number,
): string {
  const words = query.split(/\s+/).filter((word) => word !== '');
  const wordTerms = words.map((word) => [...new Set(tokenize(word))]);
  const frequency = new Map<string, number>();
  let total = 0;
  for (const terms of wordTerms) {
    for (const term of terms) {
      if (frequency.has(term)) continue;
      const postings = count(TERM_MARK + term);
      frequency.set(term, postings);
      total += postings;
    }
  }
  if (total <= MAX_ORAMA_QUERY_POSTINGS && frequency.size <= MAX_ORAMA_QUERY_TERMS) return query;
  const kept = new Set<string>();
  let spent = 0;
  // A stable sort: ties keep the order terms were first seen in.
  for (const [term, postings] of [...frequency].sort((a, b) => a[1] - b[1])) {
    if (postings === 0 && tolerance === 0) continue;
    if (kept.size === MAX_ORAMA_QUERY_TERMS) break;
    if (kept.size > 0 && spent + postings > MAX_ORAMA_QUERY_POSTINGS) break;
    kept.add(term);
    spent += postings;
  }
  // Orama reads every term of a word it is given, so a word goes only when all its terms were
  // kept (or, without tolerance, reach nothing): "a=1" must not bring back the dropped "a".
  const harmless = (term: string) =>
    kept.has(term) || (tolerance === 0 && frequency.get(term) === 0);
  return words
    .filter((_, i) => wordTerms[i]!.some((term) => kept.has(term)) && wordTerms[i]!.every(harmless))
    .join(' ');
}

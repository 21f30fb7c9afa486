import type { Tokenizer } from '@shortlist/core/kit';
import { END_MARK, TERM_MARK } from './orama-tokenizer.js';
import type { PostingCount, TermReach } from './prefix-counts.js';

/**
 * The most work (indexed terms looked up plus postings scored, prefix matches included, summed
 * over the query's terms) Orama is asked to do for one query: each costs it about a microsecond,
 * and a short term such as "x" begins tens of thousands of parameter names at 10,000 tools, so
 * a query could otherwise take most of a second (a query of common words, seconds).
 */
export const MAX_ORAMA_QUERY_WORK = 2_500;

/**
 * The most distinct terms Orama is given for one query: it looks each one up on its own, about
 * half a millisecond a term at 10,000 tools, matched or not.
 */
export const MAX_ORAMA_QUERY_TERMS = 32;

/** Term counts per field as Orama's index keeps them (tools a term occurs in). */
export type TokenOccurrences = Readonly<
  Record<string, Readonly<Record<string, number>> | undefined>
>;

const work = (reach: TermReach): number => reach.terms + reach.postings;

/**
 * The terms Orama is given, marked and space-separated: all of the query's when there are at
 * most `MAX_ORAMA_QUERY_TERMS` and their work fits `MAX_ORAMA_QUERY_WORK`; else its rarest (least
 * work, ties to the first seen) that fit both, in query order. Without typo `tolerance`, a term
 * that reaches no tool is left out, and when even the rarest term reaches too much as a prefix it
 * is matched as a whole term (`x` finds `x`, not every term starting with `x`).
 */
export function oramaQuery(
  query: string,
  tokenize: Tokenizer,
  count: PostingCount,
  tolerance: number,
): string {
  const terms = [...new Set(tokenize(query))].filter((term) => term !== '');
  const costs = terms.map((term) => work(count(TERM_MARK + term)));
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  if (total <= MAX_ORAMA_QUERY_WORK && terms.length <= MAX_ORAMA_QUERY_TERMS) {
    return terms.map((term) => TERM_MARK + term).join(' ');
  }
  const kept = new Map<number, string>();
  let spent = 0;
  // Ties keep the order terms were first seen in.
  const order = terms.map((_, i) => i).sort((a, b) => costs[a]! - costs[b]! || a - b);
  for (const i of order) {
    const cost = costs[i]!;
    if (kept.size === MAX_ORAMA_QUERY_TERMS) break;
    if (cost === 0 && tolerance === 0) continue;
    if (spent + cost <= MAX_ORAMA_QUERY_WORK) {
      kept.set(i, TERM_MARK + terms[i]!);
      spent += cost;
    } else if (kept.size > 0) {
      break;
    } else if (tolerance === 0) {
      const whole = TERM_MARK + terms[i]! + END_MARK;
      const wholeCost = work(count(whole));
      if (wholeCost > 0) {
        kept.set(i, whole);
        spent += wholeCost;
      }
    } else {
      // With typo tolerance Orama matches by edit distance over the whole index anyway.
      kept.set(i, TERM_MARK + terms[i]!);
      spent += cost;
    }
  }
  return [...kept]
    .sort((a, b) => a[0] - b[0])
    .map(([, term]) => term)
    .join(' ');
}

import type { Tool } from '@shortlist/core';
import { type Tokenizer, toolFieldNames, toolFields } from '@shortlist/core/kit';

/** A bag of words with a weight per distinct term, in first-seen order. */
export interface TermWeights {
  readonly terms: string[];
  readonly weights: number[];
}

/** Damps a (weighted) count: 1 + ln(c) above 1, the count itself below, so it stays continuous. */
export const dampCount = (count: number): number => (count > 1 ? 1 + Math.log(count) : count);

/** Counts terms, adding `weight` per occurrence; a `Map` so `__proto__` is just another word. */
function addTerms(counts: Map<string, number>, terms: readonly string[], weight: number): void {
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + weight);
}

function finish(counts: Map<string, number>, sublinearTf: boolean): TermWeights {
  const terms: string[] = [];
  const weights: number[] = [];
  for (const [term, count] of counts) {
    if (!(count > 0)) continue;
    terms.push(term);
    weights.push(sublinearTf ? dampCount(count) : count);
  }
  return { terms, weights };
}

/** A tool's term frequencies: each field's word counts times the field's weight, then damped. */
export function toolTermWeights(
  tool: Tool,
  tokenizer: Tokenizer,
  fieldWeights: Float64Array,
  sublinearTf: boolean,
): TermWeights {
  const fields = toolFields(tool);
  const counts = new Map<string, number>();
  toolFieldNames.forEach((field, i) => {
    const weight = fieldWeights[i]!;
    if (weight > 0 && fields[field] !== '') addTerms(counts, tokenizer(fields[field]), weight);
  });
  return finish(counts, sublinearTf);
}

import type { NameFilter } from '../pipeline/tool-scope.js';
import type { RankedTool, Ranking } from '../spec/ranker-v1.js';
import { compareRanked } from './compare-ranked.js';
import { gallopTo } from './gallop.js';
import type { BoundedQuery, ScoredPostings } from './max-score-search.js';

/**
 * The best `k` tools within `only` (a select's scope, `RankOptions.only`), best first, ties by
 * name, each scored exactly as `maxScoreSearch` scores it (terms summed in the query's order). Names
 * given as a `Set` are looked up one by one, in the postings of the query's terms, when that is
 * cheaper than reading those postings; any other filter is tested once per tool the terms reach.
 */
export function searchWithin(
  postings: ScoredPostings,
  query: BoundedQuery,
  names: readonly (string | undefined)[],
  slotOf: (name: string) => number | undefined,
  only: NameFilter,
  k: number,
): Ranking {
  const { offsets, docs, weights } = postings;
  const m = query.length;
  let reach = 0;
  for (let j = 0; j < m; j++) reach += offsets[query.terms[j]! + 1]! - offsets[query.terms[j]!]!;
  const found: RankedTool[] = [];
  if (only instanceof Set && only.size * m <= reach) {
    for (const name of only as Set<unknown>) {
      if (typeof name !== 'string') continue;
      const slot = slotOf(name);
      if (slot === undefined || names[slot] !== name) continue;
      let score = 0;
      for (let j = 0; j < m; j++) {
        const term = query.terms[j]!;
        const end = offsets[term + 1]!;
        const at = gallopTo(docs, offsets[term]!, end, slot);
        if (at < end && docs[at] === slot) score += query.weights[j]! * weights[at]!;
      }
      if (score > 0) found.push({ name, score });
    }
  } else {
    const scores = new Float64Array(postings.slotCount);
    // 0: not reached yet, 1: within the scope, 2: outside it.
    const state = new Uint8Array(postings.slotCount);
    const within: number[] = [];
    for (let j = 0; j < m; j++) {
      const w = query.weights[j]!;
      const end = offsets[query.terms[j]! + 1]!;
      for (let p = offsets[query.terms[j]!]!; p < end; p++) {
        const slot = docs[p]!;
        if (state[slot] === 0) {
          state[slot] = only.has(names[slot]!) ? 1 : 2;
          if (state[slot] === 1) within.push(slot);
        }
        if (state[slot] === 1) scores[slot] = scores[slot]! + w * weights[p]!;
      }
    }
    for (const slot of within) found.push({ name: names[slot]!, score: scores[slot]! });
  }
  found.sort(compareRanked);
  return found.length > k ? found.slice(0, k) : found;
}

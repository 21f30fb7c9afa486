import type { RankedTool, Ranking } from '../spec/ranker-v1.js';
import {
  accumulateTerm,
  type BoundedQuery,
  type MaxScoreSearcher,
  reserveSearcher,
  type ScoredPostings,
} from './max-score-search.js';
import { offerTop, resetTop, takeRanking, topFloor } from './top-slots.js';

/** Up to this many of the scope's tools are kept in order as they are found; more are sorted once. */
const MAX_KEPT_IN_ORDER = 64;

/**
 * What a max-score index answers to `doPlace`: the best `head` tools, as `maxScoreSearch` would
 * rank them, then the tools below them that `only` accepts, each with its `rank` in the whole
 * ranking. Every posting is scored, in the same term order as a search, so scores and ties match.
 * `slotOf` (name to slot) lets a scope of few names be looked up rather than tested tool by tool;
 * only the best `below` of the scope's tools are placed.
 */
export function maxScorePlace(
  s: MaxScoreSearcher,
  postings: ScoredPostings,
  query: BoundedQuery,
  head: number,
  only: { has(name: string): boolean },
  slotOf?: (name: string) => number | undefined,
  below = Number.POSITIVE_INFINITY,
): Ranking {
  const m = query.length;
  reserveSearcher(s, postings.slotCount, m);
  const { accumulator, touched, best } = s;
  let seen = 0;
  for (let j = 0; j < m; j++) seen = accumulateTerm(s, postings, query, j, seen);
  resetTop(best, head);
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < seen; i++) {
    const score = accumulator[touched[i]!]!;
    if (score >= floor) {
      offerTop(best, touched[i]!, score);
      floor = topFloor(best);
    }
  }
  const top: RankedTool[] = takeRanking(best);
  const placed =
    top.length === head && below > 0
      ? belowHead(s, seen, head, top[head - 1], only, slotOf, below)
      : [];
  for (let i = 0; i < seen; i++) accumulator[touched[i]!] = 0;
  for (const tool of placed) top.push(tool);
  return top;
}

/**
 * The scope's tools ranked below `last` (the head's last tool; none for an empty head), in
 * order, with their places: one pass for the scope's tools, then one binary search over their
 * scores per tool the query touched, names compared only on equal scores.
 */
function belowHead(
  s: MaxScoreSearcher,
  seen: number,
  head: number,
  last: RankedTool | undefined,
  only: { has(name: string): boolean },
  slotOf: ((name: string) => number | undefined) | undefined,
  below: number,
): RankedTool[] {
  const { accumulator, touched } = s;
  const names = s.best.names;
  const lastScore = last?.score ?? Number.POSITIVE_INFINITY;
  const lastName = last?.name ?? '';
  /** Whether a tool ranks at or above `last`: in the head. */
  const inHead = (score: number, slot: number) =>
    score > lastScore || (score === lastScore && names[slot]! <= lastName);
  const found: { score: number; name: string }[] = [];
  // A select asks for a few (`below` its picks): keep the best so far, and turn a tool away on
  // its score before its name is tested against the scope.
  const bounded = below <= MAX_KEPT_IN_ORDER;
  const admits = (score: number, name: string): boolean => {
    if (!bounded || found.length < below) return true;
    const worst = found[below - 1]!;
    return score > worst.score || (score === worst.score && name < worst.name);
  };
  const keep = (score: number, name: string): void => {
    if (!bounded) {
      found.push({ score, name });
      return;
    }
    const tool = { score, name };
    let i = found.length < below ? found.push(tool) - 1 : below - 1;
    for (; i > 0; i--) {
      const ahead = found[i - 1]!;
      if (ahead.score > score || (ahead.score === score && ahead.name < name)) break;
      found[i] = ahead;
    }
    found[i] = tool;
  };
  if (slotOf !== undefined && only instanceof Set && only.size < seen) {
    // A scope of names smaller than the tools touched: look its tools up instead.
    for (const member of only as Set<unknown>) {
      const slot = typeof member === 'string' ? slotOf(member) : undefined;
      if (slot === undefined || names[slot] !== member) continue;
      const name = names[slot]!;
      const score = accumulator[slot]!;
      // Untouched tools score 0 (every weight is positive) and are in no ranking.
      if (score !== 0 && !inHead(score, slot) && admits(score, name)) keep(score, name);
    }
  } else {
    for (let i = 0; i < seen; i++) {
      const slot = touched[i]!;
      const score = accumulator[slot]!;
      const name = names[slot]!;
      if (!inHead(score, slot) && admits(score, name) && only.has(name)) keep(score, name);
    }
  }
  if (found.length === 0) return [];
  if (!bounded) {
    found.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (found.length > below) found.length = below;
  }
  const m = found.length;
  const scores = new Float64Array(m);
  for (let j = 0; j < m; j++) scores[j] = found[j]!.score;
  // counts[j]: tools below the head that rank before found[j] but not before found[j - 1].
  const counts = new Int32Array(m + 1);
  for (let i = 0; i < seen; i++) {
    const slot = touched[i]!;
    const score = accumulator[slot]!;
    if (score < scores[m - 1]! || inHead(score, slot)) continue;
    // The first of `found` this tool ranks before; it ranks before every one after it too.
    let lo = 0;
    let hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (score > scores[mid]! || (score === scores[mid]! && names[slot]! < found[mid]!.name)) {
        hi = mid;
      } else lo = mid + 1;
    }
    counts[lo]! += 1;
  }
  const placed: RankedTool[] = new Array(m);
  let before = 0;
  for (let j = 0; j < m; j++) {
    before += counts[j]!;
    placed[j] = { name: found[j]!.name, score: scores[j]!, rank: head + 1 + before };
  }
  return placed;
}

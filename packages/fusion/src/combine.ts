import { InvalidArgumentError } from '@shortlist/core';
import {
  compareRanked,
  type FusedTool,
  type FuseOptions,
  type Ranking,
  type SourcePlacement,
  type SourceRanking,
} from '@shortlist/core/kit';
import { checkLimit } from './check-options.js';

/**
 * The contributions of one ranking to the fused score, one per entry (same order). A fusion
 * supplies this; `combine` does the bookkeeping every fusion shares.
 */
export type Contributions = (source: SourceRanking, scores: readonly number[]) => readonly number[];

interface Entry {
  score: number;
  readonly sources: Record<string, SourcePlacement>;
}

function checkRankings(rankings: unknown): readonly SourceRanking[] {
  if (!Array.isArray(rankings)) {
    throw new InvalidArgumentError({
      argument: 'doFuse(rankings)',
      expected: 'an array of { rankerId, ranking }',
      message: 'doFuse(rankings) must be an array of { rankerId, ranking }',
    });
  }
  const seen = new Set<string>();
  rankings.forEach((source: SourceRanking, i) => {
    if (typeof source?.rankerId !== 'string' || !Array.isArray(source.ranking)) {
      throw new InvalidArgumentError({
        argument: `doFuse(rankings[${i}])`,
        expected: '{ rankerId: string, ranking: array }',
        message: `doFuse(rankings[${i}]) must be { rankerId: string, ranking: array }`,
      });
    }
    if (seen.has(source.rankerId)) {
      throw new InvalidArgumentError({
        argument: `doFuse(rankings[${i}].rankerId)`,
        expected: 'distinct ranker ids',
        message: `doFuse(): two rankings come from ranker "${source.rankerId}"; give each ranker its own id`,
      });
    }
    seen.add(source.rankerId);
    source.ranking.forEach((entry, j) => {
      if (
        typeof entry?.name !== 'string' ||
        !Number.isFinite(entry.score) ||
        (entry.rank !== undefined && !(Number.isSafeInteger(entry.rank) && entry.rank > j))
      ) {
        throw new InvalidArgumentError({
          argument: `doFuse(rankings[${i}].ranking[${j}])`,
          expected:
            '{ name: string, score: finite number, rank?: its place, at least its position }',
          message: `doFuse(): ranker "${source.rankerId}" returned an entry at position ${j + 1} without a string name and a finite score, or with a rank before its position`,
        });
      }
    });
  });
  return rankings;
}

/**
 * Sums each ranking's contributions per tool, records every source's 1-based rank and raw score,
 * and returns the best `limit` tools, ties broken by ascending name. A tool missing from a
 * ranking gets nothing from it; a tool listed twice by one ranker counts once, at its best place.
 *
 * With a `head`, only each ranking's first `head` tools contribute (`contributions` sees just
 * their scores); a tool in no head comes after every tool in one, by its best rank in any
 * ranking, then by name. Every score then depends only on the heads, so as long as each ranking
 * is at least `head` deep, fetching deeper never reorders the tools already fetched.
 *
 * With `only` as well (a scoped select), the result is the same fusion filtered to the tools it
 * accepts: below the heads, where a tool adds nothing to any other's score, the rest are skipped.
 */
export function combine(
  rankings: readonly SourceRanking[],
  limit: number,
  contributions: Contributions,
  head = Number.POSITIVE_INFINITY,
  only?: FuseOptions['only'],
): FusedTool[] {
  checkRankings(rankings);
  checkLimit(limit, 'doFuse(options.limit)');
  const scoped = only !== undefined;
  const fused = new Map<string, Entry>();
  /** Best 1-based rank of tools in no head, by name; unused without a head. */
  const tail = new Map<string, number>();
  // Summing in ranker-id order makes the fused scores bit-identical whatever the input order.
  const ordered = [...rankings].sort((a, b) =>
    a.rankerId < b.rankerId ? -1 : a.rankerId > b.rankerId ? 1 : 0,
  );
  for (const source of ordered) {
    const unique = uniqueEntries(source.ranking);
    const counted = unique.length > head ? unique.slice(0, head) : unique;
    const added = contributions(
      source,
      counted.map((entry) => entry.score),
    );
    for (let i = 0; i < unique.length; i++) {
      const entry = unique[i]!;
      // Below every head a tool only places itself: out of scope, it cannot be picked.
      if (scoped && i >= counted.length && !only.has(entry.name)) continue;
      let tool = fused.get(entry.name);
      if (!tool) {
        tool = { score: 0, sources: {} };
        fused.set(entry.name, tool);
      }
      // A placed ranking (`doPlace`) skips tools below the head; its entries say where they are.
      const rank = entry.rank ?? i + 1;
      tool.sources[source.rankerId] = { rank, score: entry.score };
      if (i < counted.length) {
        tool.score += added[i]!;
        tail.delete(entry.name);
      } else if (!(tail.get(entry.name)! <= rank) && !inHead(tool, head)) {
        tail.set(entry.name, rank);
      }
    }
  }
  const result: FusedTool[] = [];
  let lowest = Number.POSITIVE_INFINITY;
  for (const [name, { score }] of fused) if (!tail.has(name) && score < lowest) lowest = score;
  if (lowest === Number.POSITIVE_INFINITY) lowest = 0;
  for (const [name, { score, sources }] of fused) {
    if (scoped && !only.has(name)) continue;
    const rank = tail.get(name);
    result.push({ name, score: rank === undefined ? score : lowest - rank, sources });
  }
  result.sort(compareRanked);
  return result.length > limit ? result.slice(0, limit) : result;
}

/** A ranking's entries with each tool at its first (best) place only. */
function uniqueEntries(ranking: Ranking): Ranking {
  const seen = new Set<string>();
  let repeated = false;
  for (let i = 0; i < ranking.length && !repeated; i++) {
    const { name } = ranking[i]!;
    if (seen.has(name)) repeated = true;
    else seen.add(name);
  }
  if (!repeated) return ranking;
  seen.clear();
  return ranking.filter((entry) => !seen.has(entry.name) && seen.add(entry.name));
}

/** Whether some ranking already placed the tool within its head. */
function inHead(tool: Entry, head: number): boolean {
  for (const id in tool.sources) if (tool.sources[id]!.rank <= head) return true;
  return false;
}

import { compareRanked } from '../ranking/compare-ranked.js';
import type { FusedTool } from '../spec/fusion-v1.js';
import type { RankedTool, Ranking, RankOptions } from '../spec/ranker-v1.js';
import type { NameFilter } from './tool-scope.js';

/** One ranker's ranking of the query: the pipeline's call through `callPlugin`. */
export type RankOne = (i: number, options: RankOptions) => Promise<Ranking>;

/** Fuses complete rankings, one per ranker in order, into at most `limit` tools. */
export type FuseAll = (
  rankings: readonly Ranking[],
  limit: number,
) => Promise<readonly (RankedTool | FusedTool)[]>;

/**
 * Stands, in every ranking that has more tools than were fetched, for the tools none fetched,
 * at that ranking's last fetched score: no unseen tool fuses above it (the fusion never rises
 * when a score falls), and its name sorts first, so a tool tied with it counts as not yet certain.
 */
const unseen = '\u0000unseen';

/**
 * The scores of `wanted` among the tools of a ranking, scored by the ranker itself through
 * `only`; a ranker that ignores `only` ranks the whole catalogue and is filtered.
 */
async function scoresOf(
  rankOne: RankOne,
  i: number,
  wanted: ReadonlySet<string>,
  size: number,
  signal: AbortSignal | undefined,
): Promise<RankedTool[]> {
  const scoped = await rankOne(i, { limit: wanted.size, signal, only: wanted });
  if (scoped.every((entry) => wanted.has(entry.name))) return [...scoped];
  const all = await rankOne(i, { limit: size, signal });
  return all.filter((entry) => wanted.has(entry.name));
}

/**
 * The best `wanted` tools of the whole catalogue under a complete fusion: each ranker's first
 * `depth` (at least 2 × `wanted`, so one round usually settles them), every fetched tool scored
 * by every ranker, fused; 4× deeper until `wanted` tools fuse
 * above what any unfetched tool could reach (or all are fetched). Exact, so a larger limit only
 * appends picks.
 */
export async function fuseComplete(
  rankerCount: number,
  rankOne: RankOne,
  fuseAll: FuseAll,
  depth: number,
  wanted: number,
  size: number,
  signal: AbortSignal | undefined,
): Promise<{ sources: Ranking[]; fused: readonly (RankedTool | FusedTool)[] }> {
  const first = Math.min(size, Math.max(depth, 2 * wanted));
  for (let reach = first; ; reach = Math.min(size, reach * 4)) {
    const fetched = await Promise.all(
      Array.from({ length: rankerCount }, (_, i) => rankOne(i, { limit: reach, signal })),
    );
    const union = new Set<string>();
    for (const ranking of fetched) for (const entry of ranking) union.add(entry.name);
    const sources = await Promise.all(
      fetched.map(async (ranking, i) => {
        // A ranking shorter than asked holds every tool its ranker scores; others lack some.
        if (ranking.length < reach) return ranking;
        const own = new Set(ranking.map((entry) => entry.name));
        const missing = new Set([...union].filter((name) => !own.has(name)));
        if (missing.size === 0) return ranking;
        const more = await scoresOf(rankOne, i, missing, size, signal);
        return [...ranking, ...more].sort(compareRanked);
      }),
    );
    const open = reach < size;
    const bounded = sources.map((ranking, i) =>
      open && fetched[i]!.length >= reach
        ? [...ranking, { name: unseen, score: fetched[i]![reach - 1]!.score }]
        : ranking,
    );
    const fused = await fuseAll(bounded, union.size + 1);
    const at = fused.findIndex((entry) => entry.name === unseen);
    if (at < 0 || at >= wanted || !open) {
      const picks = at < 0 ? fused : fused.filter((entry) => entry.name !== unseen);
      return { sources, fused: picks.slice(0, wanted) };
    }
  }
}

/**
 * The best `wanted` tools within a scope under a complete fusion: each ranker's best score over
 * the whole catalogue (one tool each), and its scores of the scope's tools (`only`), fused. A
 * tool's fused score depends only on the query and the tool, so this is the full ranking, filtered.
 */
export async function fuseCompleteWithin(
  rankerCount: number,
  rankOne: RankOne,
  fuseAll: FuseAll,
  wanted: number,
  only: NameFilter,
  size: number,
  signal: AbortSignal | undefined,
): Promise<{ sources: Ranking[]; fused: readonly (RankedTool | FusedTool)[] }> {
  const sources = await Promise.all(
    Array.from({ length: rankerCount }, async (_, i) => {
      const [top, scoped] = await Promise.all([
        rankOne(i, { limit: 1, signal }),
        rankOne(i, { limit: size, signal, only }),
      ]);
      const within = scoped.every((entry) => only.has(entry.name))
        ? scoped
        : scoped.filter((entry) => only.has(entry.name));
      return top.length > 0 && !only.has(top[0]!.name) ? [top[0]!, ...within] : within;
    }),
  );
  let total = 0;
  for (const ranking of sources) total += ranking.length;
  const fused = (await fuseAll(sources, total)).filter((entry) => only.has(entry.name));
  return { sources, fused: fused.slice(0, wanted) };
}

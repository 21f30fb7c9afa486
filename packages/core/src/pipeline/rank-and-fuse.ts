import type { FusedTool, SourceRanking } from '../spec/fusion-v1.js';
import type { RankedTool, RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import { callPlugin } from './call-plugin.js';
import type { PickerParts } from './picker.js';
import type { NameFilter } from './tool-scope.js';

/** A fused entry, or a lone ranker's entry that has no `sources` of its own. */
type Entry = RankedTool | FusedTool;

/**
 * A query's ranking through the pipeline's rankers and fusion, with the fusion's depth policy;
 * reads `indexes` at each call, so an index swapped in by a mutation is used from then on.
 */
export interface RankAndFuse {
  /** Who produced the fused ranking, named when it returns a tool outside the catalogue. */
  readonly fusedBy: string;
  /** Fewest tools asked of each ranker: the fusion's `minDepth` when it fuses several. */
  readonly minDepth: number;
  /** Each ranker's ranking, `limit` deep, within `only` when given. */
  rank(
    query: string,
    limit: number,
    signal: AbortSignal | undefined,
    only?: NameFilter,
  ): Promise<SourceRanking[]>;
  /** Several rankings need the fusion; a single ranking is already in order. */
  fuse(
    sources: SourceRanking[],
    limit: number,
    signal: AbortSignal | undefined,
    only?: NameFilter,
  ): Promise<readonly RankedTool[] | readonly FusedTool[]> | readonly RankedTool[];
  /**
   * Ranks and fuses within a scope. With a fusion head and rankers that all have `doPlace`, each
   * is asked once for its head and the scope's best tools below it, at their places. Otherwise
   * the rankers rank the whole catalogue (or, without a fusion head, just the scope, when they
   * can), the fused tools outside it are dropped, and the rankers are asked deeper until `wanted`
   * tools remain or none has more. The fused order does not depend on depth (a head fusion's
   * prefix property), so either way this is the full ranking, filtered.
   */
  fuseWithin(
    query: string,
    depth: number,
    wanted: number,
    only: NameFilter,
    size: number,
    signal: AbortSignal | undefined,
  ): Promise<{ sources: SourceRanking[]; fused: readonly Entry[] }>;
}

/** Ranking and fusion over `indexes`, one per ranker of `parts`. */
export function rankAndFuse(
  { rankers, fusion }: Pick<PickerParts, 'rankers' | 'fusion'>,
  indexes: readonly RankerIndexV1[],
): RankAndFuse {
  const rank: RankAndFuse['rank'] = async (query, limit, signal, only) => {
    const options = only ? { limit, signal, only } : { limit, signal };
    const rankOne = (ranker: RankerV1, i: number) =>
      callPlugin(ranker.id, 'rank', () => indexes[i]!.doRank(query, options), signal);
    if (rankers.length === 1) {
      return [{ rankerId: rankers[0]!.id, ranking: await rankOne(rankers[0]!, 0) }];
    }
    const results = await Promise.all(rankers.map(rankOne));
    return rankers.map((ranker, i) => ({ rankerId: ranker.id, ranking: results[i]! }));
  };

  /**
   * Each ranker's head, `head` deep, then the best `below` of the scope's tools under it at their
   * places: the fused tail orders tools by their best place in any ranking, so the first `below`
   * of it are among each ranking's first `below` (their sources name only those placements).
   */
  const place = async (
    query: string,
    head: number,
    below: number,
    only: NameFilter,
    signal: AbortSignal | undefined,
  ): Promise<SourceRanking[]> => {
    const options = { head, below, only, signal };
    const results = await Promise.all(
      rankers.map((ranker, i) =>
        callPlugin(ranker.id, 'place', () => indexes[i]!.doPlace!(query, options), signal),
      ),
    );
    return rankers.map((ranker, i) => ({ rankerId: ranker.id, ranking: results[i]! }));
  };

  const fuse: RankAndFuse['fuse'] = (sources, limit, signal, only) =>
    sources.length === 1
      ? sources[0]!.ranking.slice(0, limit)
      : callPlugin(
          fusion!.id,
          'fuse',
          () => fusion!.doFuse(sources, only ? { limit, only } : { limit }),
          signal,
        );

  const minDepth = fusion && rankers.length > 1 ? (fusion.minDepth ?? 0) : 0;

  return {
    fusedBy: fusion && rankers.length > 1 ? fusion.id : rankers[0]!.id,
    minDepth,
    rank,
    fuse,
    async fuseWithin(query, depth, wanted, only, size, signal) {
      if (minDepth > 0 && indexes.every((index) => index.doPlace !== undefined)) {
        // Every ranker places the scope's tools in its whole ranking: one round, no deep reads.
        const sources = await place(query, depth, wanted, only, signal);
        let placed = 0;
        for (const source of sources) placed += source.ranking.length;
        const kept = (await fuse(sources, placed, signal, only)).filter((entry) =>
          only.has(entry.name),
        );
        return { sources, fused: kept.slice(0, wanted) };
      }
      const rankerOnly = minDepth > 0 ? undefined : only;
      let reach = minDepth > 0 ? firstReach(depth, wanted, only, size) : depth;
      for (;;) {
        const sources = await rank(query, reach, signal, rankerOnly);
        let fetched = 0;
        for (const source of sources) fetched += source.ranking.length;
        // The fusion is told the scope so it may skip placing tools that cannot be picked.
        const kept = (await fuse(sources, fetched, signal, only)).filter((entry) =>
          only.has(entry.name),
        );
        const more = reach < size && sources.some((source) => source.ranking.length >= reach);
        if (kept.length >= wanted || !more) return { sources, fused: kept.slice(0, wanted) };
        reach =
          minDepth > 0 ? nextReach(reach, kept.length, wanted, size) : Math.min(size, reach * 4);
      }
    },
  };
}

/**
 * Where a scoped select over a head fusion starts: the rankers see the whole catalogue, so a scope
 * of known size holding a share s of it needs about `wanted / s` tools of each ranking; reading
 * that deep at once spares the rounds a 4× climb from `depth` would rank and throw away.
 */
function firstReach(depth: number, wanted: number, only: NameFilter, size: number): number {
  const scopeSize = (only as { size?: unknown }).size;
  if (typeof scopeSize !== 'number' || scopeSize <= 0) return depth;
  return spanOrAll(Math.max(depth, Math.ceil((wanted * size) / scopeSize)), size);
}

/**
 * The next depth of a scoped select over a head fusion: 4× deeper, or deeper still when the
 * in-scope tools found so far (`kept` at `reach`) extrapolate to more, with a margin.
 */
function nextReach(reach: number, kept: number, wanted: number, size: number): number {
  const extrapolated = kept > 0 ? Math.ceil((reach * wanted * 1.5) / kept) : 0;
  return spanOrAll(Math.max(reach * 4, extrapolated), size);
}

/** `reach`, or the whole catalogue once reach is half of it: one more round would cost as much. */
const spanOrAll = (reach: number, size: number): number => (reach * 2 >= size ? size : reach);

// What the lab's ranking experiments share: each ranker's depth, ranking every query once, a
// system's top 10, per-query nDCG@10 and hit@1, and intervals printed in percent, in tables.
import type { SourceRanking } from '@shortlist/core/kit';
import {
  bootstrapInterval,
  type DatasetQuery,
  hitAt,
  type Interval,
  ndcgAt,
  pairedBootstrap,
} from '@shortlist/eval';
import type { ConfiguredFusion } from '@shortlist/fusion';

/** Each ranker returns this many tools: `select({ limit: 10 })` with the default overFetch of 4. */
export const depth = 40;

/** A system under test: a fusion, or one ranker's own ranking (its id). */
export type System = ConfiguredFusion | string;

/** Every ranker's ranking of each query, `depth` deep, in query order. */
export async function rankAll(
  picker: { rankings: (query: string, o: { limit: number }) => Promise<SourceRanking[]> },
  queries: readonly DatasetQuery[],
): Promise<SourceRanking[][]> {
  const rankings: SourceRanking[][] = [];
  for (const query of queries) rankings.push(await picker.rankings(query.query, { limit: depth }));
  return rankings;
}

/** Top-10 names a system returns from one query's rankings. */
export function top10(sources: readonly SourceRanking[], system: System): string[] {
  if (typeof system === 'string') {
    const own = sources.find((source) => source.rankerId === system)!;
    return own.ranking.slice(0, 10).map((entry) => entry.name);
  }
  return system.doFuse(sources, { limit: 10 }).map((entry) => entry.name);
}

/** Per-query nDCG@10 and hit@1 of a system; `rankings[i]` are the rankings of `queries[i]`. */
export function scoreRankings(
  rankings: readonly (readonly SourceRanking[])[],
  queries: readonly DatasetQuery[],
  system: System,
): { ndcg: Float64Array; hit: Float64Array } {
  const ndcg = new Float64Array(queries.length);
  const hit = new Float64Array(queries.length);
  queries.forEach((query, i) => {
    const ranked = top10(rankings[i]!, system);
    const relevant = new Set(query.relevant);
    ndcg[i] = ndcgAt(ranked, relevant, 10);
    hit[i] = hitAt(ranked, relevant, 1);
  });
  return { ndcg, hit };
}

/** "40.44 [39.80, 41.10]" in percent. */
export function percent(interval: Interval): string {
  const f = (value: number) => (value * 100).toFixed(2);
  return `${f(interval.mean)} [${f(interval.low)}, ${f(interval.high)}]`;
}

/**
 * Prints a table of each system's nDCG@10 and hit@1 over `queries` (titled `set`, e.g. "MetaTool
 * test"), then the paired difference of the first system from each of `versus`: [its name, the
 * row's label].
 */
export function printSystems(
  set: string,
  rankings: readonly (readonly SourceRanking[])[],
  queries: readonly DatasetQuery[],
  systems: readonly (readonly [string, System])[],
  versus: readonly (readonly [string, string])[],
): void {
  const results = new Map(
    systems.map(([name, system]) => [name, scoreRankings(rankings, queries, system)]),
  );
  console.log(`\n| system (${set}, n = ${queries.length}) | nDCG@10 | hit@1 |`);
  console.log('|---|---|---|');
  for (const [name] of systems) {
    const { ndcg, hit } = results.get(name)!;
    console.log(
      `| ${name} | ${percent(bootstrapInterval(ndcg))} | ${percent(bootstrapInterval(hit))} |`,
    );
  }
  const first = results.get(systems[0]![0])!;
  for (const [name, label] of versus) {
    const other = results.get(name)!;
    console.log(
      `| ${label} (paired) | ${percent(pairedBootstrap(first.ndcg, other.ndcg))} | ${percent(pairedBootstrap(first.hit, other.hit))} |`,
    );
  }
}

import { InvalidArgumentError, type LearnerV1 } from '@shortlist/core';
import type { FusedTool, SourceRanking } from '@shortlist/core/kit';
import type { ConfiguredFusion, WeightedConfig } from '@shortlist/fusion';

/**
 * `fusion`, except that the tools of the `exactId` ranking (those whose full name the request
 * contains) come first, in its order (longest name first); the rest follow as `fusion` ranks
 * them. `fusion` should weigh `exactId` 0, so it records that ranking's placements and nothing
 * more. Its configuration is `fusion`'s.
 */
export function exactFirst(
  fusion: ConfiguredFusion<WeightedConfig>,
  exactId: string,
): ConfiguredFusion<WeightedConfig> {
  return {
    ...fusion,
    doFuse(rankings, options) {
      const limit = checkLimit(options?.limit);
      const exact = exactRanking(rankings, exactId);
      if (!exact) return fusion.doFuse(rankings, options);
      return namedFirst(fusion.doFuse(rankings, { limit: everything(rankings) }), exact, limit);
    },
  };
}

/**
 * `learner`, except that the tools of the `exactId` ranking come first as `exactFirst()` puts
 * them: what the examples taught never outranks a tool the request names in full.
 */
export function exactFirstLearner(learner: LearnerV1, exactId: string): LearnerV1 {
  return {
    ...learner,
    async doIndex(tools, options) {
      const index = await learner.doIndex(tools, options);
      return {
        ...index,
        async doRerank(call) {
          const exact = exactRanking(call.rankings, exactId);
          if (!exact) return index.doRerank(call);
          const { tools: learnt, vouches } = await index.doRerank({
            ...call,
            limit: everything(call.rankings),
          });
          return { tools: namedFirst(learnt, exact, call.limit), vouches };
        },
      };
    },
  };
}

function checkLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
    throw new InvalidArgumentError({
      argument: 'doFuse(options.limit)',
      expected: 'an integer ≥ 0',
      message: `doFuse(options.limit) must be an integer ≥ 0, got ${String(limit)}`,
    });
  }
  return limit;
}

/** The `exactId` ranking when it names any tool. */
function exactRanking(
  rankings: readonly SourceRanking[],
  exactId: string,
): SourceRanking | undefined {
  const exact = Array.isArray(rankings)
    ? rankings.find((source) => source?.rankerId === exactId)
    : undefined;
  return exact && exact.ranking.length > 0 ? exact : undefined;
}

/** Every tool, so the named ones are found however low the other rankers put them. */
function everything(rankings: readonly SourceRanking[]): number {
  let total = 0;
  for (const source of rankings) total += source.ranking.length;
  return total;
}

/** The named tools ahead of the fused ranking, above its best score, then the rest. */
function namedFirst(fused: readonly FusedTool[], exact: SourceRanking, limit: number): FusedTool[] {
  const byName = new Map(fused.map((tool) => [tool.name, tool]));
  const top = Math.max(0, fused[0]?.score ?? 0) + 1;
  const out: FusedTool[] = [];
  const named = new Set<string>();
  for (const entry of exact.ranking) {
    const tool = byName.get(entry.name);
    if (!tool || named.has(entry.name)) continue;
    named.add(entry.name);
    out.push({ ...tool, score: top + Math.max(0, entry.score) });
  }
  for (const tool of fused) {
    if (out.length >= limit) break;
    if (!named.has(tool.name)) out.push(tool);
  }
  return out.length > limit ? out.slice(0, limit) : out;
}

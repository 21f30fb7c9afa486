import { PluginError } from '../errors/plugin-error.js';
import type { FusedTool, SourceRanking } from '../spec/fusion-v1.js';
import type { LearnedRankingV1, LearnerIndexV1 } from '../spec/learner-v1.js';
import type { RankedTool } from '../spec/ranker-v1.js';
import { callPlugin } from './call-plugin.js';
import type { NameFilter } from './tool-scope.js';

/** A pipeline's learner, opened over its catalogue. */
export interface LearnerStage {
  readonly id: string;
  readonly index: LearnerIndexV1;
}

/** A fused entry, or a lone ranker's entry that has no `sources` of its own. */
type Entry = RankedTool | FusedTool;

/** Entries as fused tools: a lone ranker's get their placement in its ranking. */
const asFused = (entries: readonly Entry[], rankerId: string): readonly FusedTool[] =>
  entries.map((entry, i) =>
    'sources' in entry
      ? entry
      : {
          name: entry.name,
          score: entry.score,
          sources: { [rankerId]: { rank: i + 1, score: entry.score } },
        },
  );

/**
 * One select through the learner: it is handed the request and the rankings, and calls the
 * fusion as deep as it needs. Its answer is checked, so a buggy learner is named, not obeyed.
 */
export async function learnedRanking(
  stage: LearnerStage,
  query: string,
  rankings: readonly SourceRanking[],
  limit: number,
  fuse: (depth: number) => Promise<readonly Entry[]>,
  signal: AbortSignal | undefined,
  only: NameFilter | undefined,
  source: string | undefined,
): Promise<LearnedRankingV1> {
  const rankerId = rankings[0]?.rankerId ?? stage.id;
  const call = {
    query,
    rankings,
    limit,
    ...(only ? { only } : {}),
    ...(signal ? { signal } : {}),
    ...(source !== undefined ? { source } : {}),
    fuse: async (depth: number) => asFused(await fuse(depth), rankerId),
  };
  const result = await callPlugin(stage.id, 'rerank', () => stage.index.doRerank(call), signal);
  if (
    typeof result !== 'object' ||
    result === null ||
    !Array.isArray(result.tools) ||
    typeof result.vouches !== 'boolean'
  ) {
    throw new PluginError({
      pluginId: stage.id,
      message: `${stage.id}.doRerank() must resolve to { tools: FusedTool[], vouches: boolean }`,
    });
  }
  if (
    result.abstained !== undefined &&
    (typeof result.abstained !== 'string' || result.abstained.trim() === '')
  ) {
    throw new PluginError({
      pluginId: stage.id,
      message: `${stage.id}.doRerank() must give a non-empty reason in abstained, or leave it out`,
    });
  }
  const tools = only ? result.tools.filter((tool) => only.has(tool.name)) : result.tools;
  return {
    tools: tools.length > limit ? tools.slice(0, limit) : tools,
    vouches: result.vouches,
    ...(result.abstained ? { abstained: result.abstained } : {}),
  };
}

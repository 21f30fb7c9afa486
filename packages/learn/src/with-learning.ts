import {
  type FusedTool,
  type FusionV1,
  InvalidArgumentError,
  type SourcePlacement,
  type SourceRanking,
} from '@shortlist/core';

/** Options of `withLearning()`. Defaults were chosen by streaming benchmark requests (README, Design). */
export interface WithLearningOptions {
  /** Id of the learned ranker whose ranking is blended in. @default 'learned' */
  readonly learnedId?: string;
  /** Temperature turning the base fusion's scores into a distribution; lower trusts its top more. @default 1 */
  readonly temperature?: number;
  /**
   * Floor added to the learned distribution before its log, so a tool the examples do not name
   * keeps its base order among the others instead of dropping out. @default 0.05
   */
  readonly learnedFloor?: number;
  /**
   * How hard an unhelpful vote pushes a tool down, in log-probability per unit of vote: the same
   * request marked unhelpful (a vote of −1) costs e⁵, about 150×. @default 5
   */
  readonly unhelpfulWeight?: number;
}

/** Floor of the base distribution: a tool only the examples know can still come first. */
const BASE_FLOOR = 0.001;

const positive = (value: unknown, name: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new InvalidArgumentError({
      argument: `withLearning(options.${name})`,
      expected: 'a positive number',
      message: `withLearning(options.${name}) must be a positive number, got ${String(value)}`,
    });
  }
  return value;
};

/**
 * Wraps a fusion so a learned ranker's votes move its ranking as far as their evidence goes:
 * with learned share α (0 with no near example), a tool scores
 * (1 − α)·log p_base + α·log p_learned, less its unhelpful votes. With α = 0 the order is exactly
 * the base fusion's.
 */
export function withLearning(base: FusionV1, options: WithLearningOptions = {}): FusionV1 {
  const learnedId = options.learnedId ?? 'learned';
  const temperature = positive(options.temperature ?? 1, 'temperature');
  const learnedFloor = positive(options.learnedFloor ?? 0.05, 'learnedFloor');
  const unhelpfulWeight = positive(options.unhelpfulWeight ?? 5, 'unhelpfulWeight');
  return {
    specificationVersion: 'v1',
    id: `${base.id}+learned`,
    ...(base.minDepth === undefined ? {} : { minDepth: base.minDepth }),
    async doFuse(rankings, { limit }) {
      const learned = rankings.find((source) => source.rankerId === learnedId);
      const rest = rankings.filter((source) => source !== learned);
      // The base pool is as deep as the rankers went, so learning can lift a tool from below `limit`.
      const depth = Math.max(limit, ...rest.map((source) => source.ranking.length));
      const fused = await fuseBase(base, rest, depth);
      if (!learned || learned.ranking.length === 0) return fused.slice(0, limit);

      let share = 0;
      for (const { score } of learned.ranking) if (score > 0) share += score;
      share = Math.min(share, 1);
      const top = fused[0]?.score ?? 0;
      let total = 0;
      for (const tool of fused) total += Math.exp((tool.score - top) / temperature);

      const entries = new Map<
        string,
        { score: number; sources: Record<string, SourcePlacement> }
      >();
      const baseLog = Math.log(BASE_FLOOR);
      const learnedLog = Math.log(learnedFloor);
      for (const tool of fused) {
        const p = Math.exp((tool.score - top) / temperature) / total;
        entries.set(tool.name, {
          score: (1 - share) * Math.log(p + BASE_FLOOR) + share * learnedLog,
          sources: { ...tool.sources },
        });
      }
      learned.ranking.forEach((tool, i) => {
        let entry = entries.get(tool.name);
        if (!entry) {
          if (tool.score <= 0) return; // an unhelpful tool the base did not rank stays out
          entry = { score: (1 - share) * baseLog + share * learnedLog, sources: {} };
          entries.set(tool.name, entry);
        }
        entry.sources[learnedId] = { rank: i + 1, score: tool.score };
        entry.score +=
          tool.score > 0
            ? share * (Math.log(tool.score / share + learnedFloor) - learnedLog)
            : unhelpfulWeight * tool.score;
      });
      const result: FusedTool[] = [...entries].map(([name, entry]) => ({ name, ...entry }));
      result.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return result.slice(0, limit);
    },
  };
}

/** The base fusion's ranking, or the one ranking when the learned ranker is the only other. */
async function fuseBase(
  base: FusionV1,
  rest: readonly SourceRanking[],
  depth: number,
): Promise<readonly FusedTool[]> {
  if (rest.length !== 1) return base.doFuse(rest, { limit: depth });
  const { rankerId, ranking } = rest[0]!;
  return ranking.slice(0, depth).map((tool, i) => ({
    name: tool.name,
    score: tool.score,
    sources: { [rankerId]: { rank: i + 1, score: tool.score } },
  }));
}

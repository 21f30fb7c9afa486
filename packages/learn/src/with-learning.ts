import { type FusionV1, InvalidArgumentError } from '@shortlist/core';
import type { FusedTool, FuseOptions, SourcePlacement, SourceRanking } from '@shortlist/core/kit';
import { rankingContexts } from './ranking-context.js';

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

/**
 * The base tools whose scores make the base distribution. A fixed head, never the whole depth,
 * so a tool's blended score is the same at any `limit` (the first L picks at `limit: L` are the
 * first L at any larger limit); rankers are asked at least this deep.
 */
const BASE_HEAD = 40;

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
  const head = Math.max(base.minDepth ?? 0, BASE_HEAD);
  return {
    specificationVersion: 'v1',
    id: `${base.id}+learned`,
    minDepth: head,
    async doFuse(rankings, { limit, only }) {
      const learned = rankings.find((source) => source.rankerId === learnedId);
      const rest = rankings.filter((source) => source !== learned);
      if (!learned || learned.ranking.length === 0) return fuseBase(base, rest, limit, only);
      // Tools the examples do not name keep the base order among themselves, so below the
      // head only the first `limit` + (named tools) of them can still make the picks.
      const depth = Math.max(head, limit + learned.ranking.length);
      const fused = await fuseBase(base, rest, depth);

      let evidence = 0;
      for (const { score } of learned.ranking) if (score > 0) evidence += score;
      evidence = Math.min(evidence, 1);
      const context = rankingContexts.get(learned.ranking);
      // The learned share: its evidence, as far as the trust it earned on this agent's traffic goes.
      const share = Math.min(evidence, context?.trustedShare ?? evidence);
      const top = fused[0]?.score ?? 0;
      let total = 0;
      for (let rank = 0; rank < Math.min(head, fused.length); rank++)
        total += Math.exp((fused[rank]!.score - top) / temperature);
      const named = new Set<string>();
      for (const tool of learned.ranking) named.add(tool.name);

      // Each tool's log-probability under the base and under the examples, and unhelpful votes.
      // Entries share the base's placements; a tool the examples name gets its own copy.
      const entries = new Map<string, Entry>();
      const learnedLog = Math.log(learnedFloor);
      for (let rank = 0; rank < fused.length; rank++) {
        const tool = fused[rank]!;
        // Below the head, how deep the base went depends on `limit`: a tool the examples name
        // there counts as unranked by the base, so its score does not depend on it either.
        const p =
          rank >= head && named.has(tool.name)
            ? 0
            : Math.exp((tool.score - top) / temperature) / total;
        entries.set(tool.name, {
          base: Math.log(p + BASE_FLOOR),
          order: p === 0 ? UNRANKED : rank,
          learned: learnedLog,
          unhelpful: 0,
          sources: tool.sources,
        });
      }
      learned.ranking.forEach((tool, i) => {
        let entry = entries.get(tool.name);
        if (!entry) {
          if (tool.score <= 0) return; // an unhelpful tool the base did not rank stays out
          entry = {
            base: Math.log(BASE_FLOOR),
            order: UNRANKED,
            learned: learnedLog,
            unhelpful: 0,
            sources: {},
          };
          entries.set(tool.name, entry);
        }
        entry.sources = { ...entry.sources, [learnedId]: { rank: i + 1, score: tool.score } };
        if (tool.score > 0) entry.learned = Math.log(tool.score / evidence + learnedFloor);
        else entry.unhelpful = unhelpfulWeight * -tool.score;
      });
      const scoreAt = (entry: Entry, weight: number) =>
        (1 - weight) * entry.base + weight * entry.learned - entry.unhelpful;
      if (context)
        context.ledger.remember(context.query, fused[0]?.name, bestAt(entries, evidence, scoreAt));
      return bestTools(entries, limit, (entry) => scoreAt(entry, share));
    },
  };
}

interface Entry {
  base: number;
  /** Place in the base ranking (`UNRANKED` when it does not count): breaks ties, see `before`. */
  readonly order: number;
  learned: number;
  unhelpful: number;
  sources: Readonly<Record<string, SourcePlacement>>;
}

/** `order` of a tool the base does not rank, or whose base place does not count. */
const UNRANKED = Number.MAX_SAFE_INTEGER;

interface Scored {
  readonly name: string;
  readonly score: number;
  readonly order: number;
}

/**
 * Higher score first; on a tie the base's order, then the name. Deep in the base ranking many
 * tools round to the same blended score, and keeping the base's order among them is what lets
 * a select blend only the base's first `limit` + (named) tools whatever the limit.
 */
const before = (a: Scored, b: Scored): boolean =>
  a.score > b.score ||
  (a.score === b.score && (a.order < b.order || (a.order === b.order && a.name < b.name)));

/** The `limit` best entries as fused tools, kept in order as they come (a select pays for its limit). */
function bestTools(
  entries: ReadonlyMap<string, Entry>,
  limit: number,
  scoreOf: (entry: Entry) => number,
): FusedTool[] {
  const best: Scored[] = [];
  const sources: Entry['sources'][] = [];
  if (limit < 1) return [];
  for (const [name, entry] of entries) {
    const tool = { name, score: scoreOf(entry), order: entry.order };
    if (best.length === limit && !before(tool, best[limit - 1]!)) continue;
    let i = best.length === limit ? limit - 1 : best.length;
    while (i > 0 && before(tool, best[i - 1]!)) {
      best[i] = best[i - 1]!;
      sources[i] = sources[i - 1]!;
      i--;
    }
    best[i] = tool;
    sources[i] = entry.sources;
  }
  return best.map(({ name, score }, i) => ({ name, score, sources: sources[i]! }));
}

/** The name that comes first at a learned share of `weight`. */
function bestAt(
  entries: ReadonlyMap<string, Entry>,
  weight: number,
  scoreAt: (entry: Entry, weight: number) => number,
): string | undefined {
  let best: Scored | undefined;
  for (const [name, entry] of entries) {
    const tool = { name, score: scoreAt(entry, weight), order: entry.order };
    if (!best || before(tool, best)) best = tool;
  }
  return best?.name;
}

/** The base fusion's ranking, or the one ranking when the learned ranker is the only other. */
async function fuseBase(
  base: FusionV1,
  rest: readonly SourceRanking[],
  depth: number,
  only?: FuseOptions['only'],
): Promise<readonly FusedTool[]> {
  if (rest.length !== 1) return base.doFuse(rest, only ? { limit: depth, only } : { limit: depth });
  const { rankerId, ranking } = rest[0]!;
  return ranking.slice(0, depth).map((tool, i) => ({
    name: tool.name,
    score: tool.score,
    sources: { [rankerId]: { rank: i + 1, score: tool.score } },
  }));
}

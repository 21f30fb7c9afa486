import type { FusedTool, RankedTool, SourcePlacement } from '@shortlist/core/kit';

/** How votes move a fused ranking; see `LearnedOptions`. */
export interface BlendSettings {
  readonly id: string;
  readonly head: number;
  readonly temperature: number;
  readonly learnedFloor: number;
  readonly unhelpfulWeight: number;
}

/** Floor of the base distribution: a tool only the examples know can still come first. */
const BASE_FLOOR = 0.001;

interface Entry {
  readonly base: number;
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

/** What blending one select gives: the picks, and the first tool at the learner's full evidence. */
export interface Blended {
  readonly tools: FusedTool[];
  /** First tool with learning at full strength, for the trust ledger. */
  readonly fullFirst: string | undefined;
}

/**
 * Moves the fused ranking as far as the votes' evidence goes: with learned share α, a tool scores
 * (1 − α)·log p_base + α·log p_learned, less its unhelpful votes. With α = 0 the order is exactly
 * the fused one. `votes` score helpful tools by their part of the learned share, unhelpful ones
 * below 0. Only the base's first `head` tools make its distribution, so scores never depend on
 * `limit`.
 */
export function blend(
  fused: readonly FusedTool[],
  votes: readonly RankedTool[],
  share: number,
  limit: number,
  settings: BlendSettings,
): Blended {
  const { id, head, temperature, learnedFloor, unhelpfulWeight } = settings;
  let evidence = 0;
  for (const { score } of votes) if (score > 0) evidence += score;
  evidence = Math.min(evidence, 1);
  const top = fused[0]?.score ?? 0;
  let total = 0;
  for (let rank = 0; rank < Math.min(head, fused.length); rank++)
    total += Math.exp((fused[rank]!.score - top) / temperature);
  const named = new Set<string>();
  for (const tool of votes) named.add(tool.name);

  // Each tool's log-probability under the base and under the examples, and unhelpful votes.
  const entries = new Map<string, Entry>();
  const learnedLog = Math.log(learnedFloor);
  for (let rank = 0; rank < fused.length; rank++) {
    const tool = fused[rank]!;
    // Below the head, how deep the base went depends on `limit`: a tool the examples name
    // there counts as unranked by the base, so its score does not depend on it either.
    const p =
      rank >= head && named.has(tool.name) ? 0 : Math.exp((tool.score - top) / temperature) / total;
    entries.set(tool.name, {
      base: Math.log(p + BASE_FLOOR),
      order: p === 0 ? UNRANKED : rank,
      learned: learnedLog,
      unhelpful: 0,
      sources: tool.sources,
    });
  }
  votes.forEach((tool, i) => {
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
    entry.sources = { ...entry.sources, [id]: { rank: i + 1, score: tool.score } };
    if (tool.score > 0) entry.learned = Math.log(tool.score / evidence + learnedFloor);
    else entry.unhelpful = unhelpfulWeight * -tool.score;
  });
  const scoreAt = (entry: Entry, weight: number) =>
    (1 - weight) * entry.base + weight * entry.learned - entry.unhelpful;
  return {
    tools: bestTools(entries, limit, (entry) => scoreAt(entry, share)),
    fullFirst: bestTools(entries, 1, (entry) => scoreAt(entry, evidence))[0]?.name,
  };
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

import { PluginError } from '../errors/plugin-error.js';
import type { Confidence, FusedTool } from '../spec/fusion-v1.js';
import type { PackResult } from '../spec/packer-v1.js';
import type { RankedTool } from '../spec/ranker-v1.js';
import type { Tool } from '../tools/tool.js';
import type { LazyCandidate } from './lazy-candidate.js';
import type { QueryTruncation } from './query-length.js';
import type { Pick, Selection } from './selection.js';

/** A fused entry, or a lone ranker's entry that has no `sources` of its own. */
type Entry = RankedTool | FusedTool;

/**
 * Where `name` sits in the fused window, searching from `from` first: a packer keeps tools in
 * rank order, so each search usually starts where the last one ended. -1 when it is not there.
 */
function positionOf(fused: readonly Entry[], name: string, from: number): number {
  for (let i = from; i < fused.length; i++) if (fused[i]!.name === name) return i;
  for (let i = 0; i < from && i < fused.length; i++) if (fused[i]!.name === name) return i;
  return -1;
}

function sourcesOf(entry: Entry, position: number, rankerId: string): FusedTool['sources'] {
  return 'sources' in entry
    ? entry.sources
    : { [rankerId]: { rank: position + 1, score: entry.score } };
}

/** The catalogue's tool of `name`; a plugin that returned any other name is named in the error. */
export function toolFor<Original>(
  view: ReadonlyMap<string, Tool<Original>>,
  name: string,
  pluginId: string,
): Tool<Original> {
  const tool = view.get(name);
  if (!tool) {
    throw new PluginError({
      pluginId,
      message: `${pluginId} returned "${name}", which is not in the catalogue; a plugin may only return tools it was given`,
    });
  }
  return tool;
}

function finish<Original>(
  query: string,
  picks: Pick<Original>[],
  packed: PackResult | undefined,
): Selection<Original> {
  const tools: Tool<Original>[] = [];
  const originals: Original[] = [];
  for (const pick of picks) {
    tools.push(pick.tool);
    originals.push(pick.tool.original);
  }
  return packed
    ? { query, tools, originals, picks, totalTokens: packed.totalTokens, dropped: packed.dropped }
    : { query, tools, originals, picks, dropped: [] };
}

/** The fused ranking as picks, unpacked; `fusedBy` is named if it returned an unknown tool. */
export function plainSelection<Original>(
  query: string,
  fused: readonly Entry[],
  rankerId: string,
  view: ReadonlyMap<string, Tool<Original>>,
  fusedBy: string,
): Selection<Original> {
  const picks: Pick<Original>[] = [];
  for (let i = 0; i < fused.length; i++) {
    const entry = fused[i]!;
    picks.push({
      name: entry.name,
      tool: toolFor(view, entry.name, fusedBy),
      rank: i + 1,
      score: entry.score,
      sources: sourcesOf(entry, i, rankerId),
    });
  }
  return finish(query, picks, undefined);
}

/** The packer's kept tools as picks, in fused-rank order, each with its token cost. */
export function packedSelection<Original>(
  query: string,
  fused: readonly Entry[],
  candidates: readonly LazyCandidate<Original>[],
  packed: PackResult,
  rankerId: string,
  packerId: string,
): Selection<Original> {
  const kept = packed.kept;
  const positions: number[] = [];
  let ascending = true;
  for (const entry of kept) {
    const at = positionOf(
      fused,
      entry.name,
      positions.length ? positions[positions.length - 1]! + 1 : 0,
    );
    if (at === -1) {
      throw new PluginError({
        pluginId: packerId,
        message: `${packerId} kept "${entry.name}", which was not a candidate; a packer may only keep candidates it was given`,
      });
    }
    if (positions.length && at < positions[positions.length - 1]!) ascending = false;
    positions.push(at);
  }
  // The spec asks for kept tools in rank order; a packer that returns them otherwise still works.
  const order = ascending
    ? undefined
    : kept.map((_, i) => i).sort((a, b) => positions[a]! - positions[b]!);
  const picks: Pick<Original>[] = [];
  for (let j = 0; j < kept.length; j++) {
    const k = order ? order[j]! : j;
    const at = positions[k]!;
    const candidate = fused[at]!;
    picks.push({
      name: candidate.name,
      tool: candidates[at]!.tool,
      rank: picks.length + 1,
      score: candidate.score,
      sources: sourcesOf(candidate, at, rankerId),
      tokens: kept[k]!.tokens,
    });
  }
  return finish(query, picks, packed);
}

/** The selection, reporting what the query-length policy cut from the query when it cut anything. */
export function withTruncation<Original>(
  selection: Selection<Original>,
  truncated: QueryTruncation | undefined,
): Selection<Original> {
  return truncated ? { ...selection, truncated } : selection;
}

/** The selection with the pipeline's confidence in its picks, when the pipeline gives one. */
export function withConfidence<Original>(
  selection: Selection<Original>,
  confidence: Confidence | undefined,
): Selection<Original> {
  return confidence ? { ...selection, confidence } : selection;
}

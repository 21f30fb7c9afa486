import { PluginError } from '../errors/plugin-error.js';
import type { Confidence, FusedTool, FusionV1, SourceRanking } from '../spec/fusion-v1.js';
import type { Tool } from '../tools/tool.js';
import { callPlugin } from './call-plugin.js';
import type { Selection } from './selection.js';

/** Nearest tools an abstained selection names, as low-confidence guesses. */
const NEAREST = 3;

/**
 * Asks the fusion whether no tool fits (its optional `doAbstain`): the reason, or undefined to
 * fuse as usual. A reason that is not a non-empty string is the plugin's bug, named as such.
 */
export function abstentionReason(
  fusion: FusionV1 | undefined,
  sources: readonly SourceRanking[],
): string | undefined {
  if (fusion?.doAbstain === undefined || sources.length < 2) return undefined;
  const reason = callPlugin(fusion.id, 'judge whether to abstain', () =>
    fusion.doAbstain!(sources),
  );
  if (reason === undefined) return undefined;
  if (typeof reason !== 'string' || reason.trim() === '') {
    throw new PluginError({
      pluginId: fusion.id,
      message: `${fusion.id}.doAbstain() must return a non-empty reason or undefined, got ${typeof reason === 'string' ? JSON.stringify(reason) : typeof reason}`,
    });
  }
  return reason;
}

const isProbability = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value <= 1;

/**
 * The fusion's confidence in the fused picks (its optional `doConfidence`), or undefined when it
 * has none or nothing was fused. Values outside 0..1 are the plugin's bug, named as such.
 */
export function confidenceOf(
  fusion: FusionV1 | undefined,
  query: string,
  sources: readonly SourceRanking[],
  fused: readonly FusedTool[],
  tool: (name: string) => Tool | undefined,
): Confidence | undefined {
  if (fusion?.doConfidence === undefined || sources.length < 2 || fused.length === 0) {
    return undefined;
  }
  // Synchronous by contract: a promise fails the check below and is named as the plugin's bug.
  const found = callPlugin(fusion.id, 'estimate confidence', () =>
    fusion.doConfidence!({ query, rankings: sources, fused, tool }),
  ) as Partial<Confidence> | undefined;
  if (!isProbability(found?.first) || !isProbability(found?.top5)) {
    throw new PluginError({
      pluginId: fusion.id,
      message: `${fusion.id}.doConfidence() must return { first, top5 }, each a probability from 0 to 1, got ${JSON.stringify(found)}`,
    });
  }
  return { first: found!.first!, top5: found!.top5! };
}

/**
 * Why the select abstains on confidence: the first pick's estimated chance is under `threshold`
 * (the caller's `abstain`, else the fusion's `abstainBelow`). Worded for a model to act on.
 */
export function lowConfidenceReason(
  confidence: Confidence | undefined,
  threshold: number | undefined,
  first: string | undefined,
): string | undefined {
  if (confidence === undefined || threshold === undefined || confidence.first >= threshold) {
    return undefined;
  }
  const chance = Math.round(confidence.first * 100);
  return `no tool fits this request well: the closest, "${first}", would be right only about ${chance}% of the time (the bar is ${Math.round(threshold * 100)}%), so it is likely not what the request needs`;
}

/**
 * The selection of a request the pipeline abstained on: no picks, why, the nearest tools to name
 * only as guesses, and the confidence when there is one; a packing pipeline packed nothing, so
 * its `totalTokens` is 0 (a caller summing tokens still sees it packs).
 */
export function abstainedSelection<Original>(
  query: string,
  reason: string,
  packs: boolean,
  nearest: readonly { readonly name: string }[] = [],
  confidence?: Confidence,
): Selection<Original> {
  const empty = {
    query,
    tools: [],
    originals: [],
    picks: [],
    dropped: [],
    abstained: reason,
    nearest: nearest.slice(0, NEAREST).map((entry) => entry.name),
    ...(confidence === undefined ? {} : { confidence }),
  };
  return packs ? { ...empty, totalTokens: 0 } : empty;
}

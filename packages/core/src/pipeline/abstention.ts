import { PluginError } from '../errors/plugin-error.js';
import type { FusionV1, SourceRanking } from '../spec/fusion-v1.js';
import { callPlugin } from './call-plugin.js';
import type { Selection } from './selection.js';

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

/**
 * The selection of a request the pipeline abstained on: no picks, and why; a packing pipeline
 * packed nothing, so its `totalTokens` is 0 (a caller summing tokens still sees it packs).
 */
export function abstainedSelection<Original>(
  query: string,
  reason: string,
  packs: boolean,
): Selection<Original> {
  const empty = { query, tools: [], originals: [], picks: [], dropped: [], abstained: reason };
  return packs ? { ...empty, totalTokens: 0 } : empty;
}

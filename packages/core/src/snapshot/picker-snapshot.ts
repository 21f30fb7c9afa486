import type { RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import type { Tool } from '../tools/tool.js';
import { catalogueDigest, stampSnapshot } from './catalogue-stamp.js';

/**
 * Snapshots of every index that supports them, keyed by ranker id, each stamped with a digest of
 * `catalogue`'s texts (computed once, only when one snapshots) so a restore can tell the tools changed.
 */
export function snapshotIndexes(
  rankers: readonly RankerV1[],
  indexes: readonly RankerIndexV1[],
  catalogue: ReadonlyMap<string, Tool>,
): Record<string, Uint8Array> {
  const snapshots: Record<string, Uint8Array> = {};
  let digest: readonly [number, number] | undefined;
  rankers.forEach((ranker, i) => {
    const snapshot = indexes[i]!.doSnapshot?.();
    if (!snapshot) return;
    digest ??= catalogueDigest([...catalogue.values()]);
    snapshots[ranker.id] = stampSnapshot(digest, snapshot);
  });
  return snapshots;
}

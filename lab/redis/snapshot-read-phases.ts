import { type Pipeline, pipe, type Tool, toCatalogue } from '@shortlist/core';
import { decodePickerSnapshot, snapshotConfiguration } from '@shortlist/core/kit';
import { Redis } from 'ioredis';
import {
  catalogueDigest,
  configurationKey,
  namesDigest,
} from '../../packages/redis/src/snapshot-key.js';

/**
 * The steps `restoreOrIndex` takes to read a snapshot, each timed by `lap` (tools converted,
 * catalogue digest with the read in flight, rest of connect + GET, container check): what both
 * figure commands break a restore into. Returns the tools and each ranker's snapshot.
 */
export async function readSnapshotInPhases(
  pipeline: Pipeline,
  configuration: unknown,
  tools: readonly unknown[],
  redis: string,
  lap: (phase: string) => void,
): Promise<{ canonical: readonly Tool[]; snapshots: Record<string, Uint8Array> }> {
  const canonical = toCatalogue(tools);
  const id = snapshotConfiguration(pipeline, configuration);
  const base = `shortlist:snapshot:${configurationKey(id)}:`;
  const pointer = `${base}latest:${namesDigest(canonical)}`;
  lap('tools converted');
  const client = new Redis(redis);
  const read = (async () => client.getBuffer(`${base}${await client.get(pointer)}`))();
  const identity = {
    configuration: id,
    catalogue: await catalogueDigest(canonical),
  };
  lap('catalogue digest (the read in flight)');
  const bytes = await read;
  client.disconnect();
  lap('rest of connect + GET');
  const snapshots = { ...decodePickerSnapshot(bytes!, identity).parts };
  lap('container check');
  return { canonical, snapshots };
}

/**
 * A restore timed phase by phase: the read's steps above, then (with `whole`) the picker with
 * every ranker, then each ranker restored alone the same way. Returns milliseconds by phase.
 */
export async function restoreInPhases(
  pipeline: Pipeline,
  configuration: unknown,
  tools: readonly unknown[],
  redis: string,
  { whole }: { whole: boolean },
): Promise<Record<string, number>> {
  const parts: Record<string, number> = {};
  let started = performance.now();
  const lap = (name: string) => {
    parts[name] = performance.now() - started;
    started = performance.now();
  };
  const { canonical, snapshots } = await readSnapshotInPhases(
    pipeline,
    configuration,
    tools,
    redis,
    lap,
  );
  if (whole) {
    const restored = await pipeline.restore(canonical, snapshots, { catalogueVerified: true });
    lap('picker restore (every ranker)');
    restored.dispose();
  }
  for (const ranker of pipeline.rankers) {
    const one = await pipe(ranker).restore(
      canonical,
      { [ranker.id]: snapshots[ranker.id]! },
      { catalogueVerified: true },
    );
    lap(whole ? `of which ${ranker.id}` : ranker.id);
    one.dispose();
  }
  return parts;
}

import { type Pipeline, type Tool, toCatalogue } from '@shortlist/core';
import { Redis } from 'ioredis';
import { decodeEnvelope } from '../src/snapshot-envelope.js';
import { catalogueDigest, configurationDigest, namesDigest } from '../src/snapshot-key.js';

/**
 * The steps `restoreOrIndex` takes to read a snapshot, each timed by `lap` (tools converted,
 * catalogue digest with the read in flight, rest of connect + GET, envelope check): what both
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
  const base = `shortlist:snapshot:${configurationDigest(pipeline, configuration)}:`;
  const pointer = `${base}latest:${namesDigest(canonical)}`;
  lap('tools converted');
  const client = new Redis(redis);
  const read = (async () => client.getBuffer(`${base}${await client.get(pointer)}`))();
  const identity = {
    configuration: configurationDigest(pipeline, configuration),
    catalogue: await catalogueDigest(canonical),
  };
  lap('catalogue digest (the read in flight)');
  const bytes = await read;
  client.disconnect();
  lap('rest of connect + GET');
  const snapshots = decodeEnvelope(bytes!, identity, `${base}${identity.catalogue}`);
  lap('envelope check');
  return { canonical, snapshots };
}

import { createHash } from 'node:crypto';
import type { Pipeline, Tool } from '@shortlist/core';

/** Bump when the envelope or what the digests cover changes; older snapshots are then unused. */
export const SNAPSHOT_FORMAT = 1;

const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value), 'utf8').digest('base64url');

/**
 * The pipeline's identity: every ranker, fusion and packer id and spec version, plus the
 * caller's `configuration` (ranker options are private to each ranker, so name them there).
 */
export function configurationDigest(pipeline: Pipeline, configuration: unknown): string {
  return digest([
    SNAPSHOT_FORMAT,
    pipeline.rankers.map((ranker) => [ranker.id, ranker.specificationVersion]),
    pipeline.fusion ? [pipeline.fusion.id, pipeline.fusion.specificationVersion] : null,
    pipeline.packer ? [pipeline.packer.id, pipeline.packer.specificationVersion] : null,
    configuration ?? null,
  ]);
}

/** The catalogue's identity: every field a ranker reads, in catalogue order. */
export function catalogueDigest(tools: readonly Tool[]): string {
  return digest(
    tools.map((tool) => [
      tool.name,
      tool.title ?? null,
      tool.description,
      tool.inputSchema,
      tool.tags,
    ]),
  );
}

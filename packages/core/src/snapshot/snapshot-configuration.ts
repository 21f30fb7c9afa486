import { hashString } from '../util/hash-string.js';

/** The parts of a pipeline that decide what its snapshots hold. */
export interface PipelineParts {
  readonly rankers: readonly { readonly id: string; readonly specificationVersion: string }[];
  readonly fusion: { readonly id: string; readonly specificationVersion: string } | undefined;
  readonly packer: { readonly id: string; readonly specificationVersion: string } | undefined;
}

const entry = (plugin: { readonly id: string; readonly specificationVersion: string }) =>
  `${plugin.id}@${plugin.specificationVersion}`;

/**
 * A pipeline's configuration id for `PickerSnapshot.configuration`: every ranker, fusion and
 * packer id with its spec version, plus a 64-bit hash of `extra` (as JSON) for what ids do not
 * show (ranker options, an embedding model), so one pipeline never reads another's snapshot.
 * @default extra none
 */
export function snapshotConfiguration(pipeline: PipelineParts, extra?: unknown): string {
  const base = JSON.stringify([
    pipeline.rankers.map(entry),
    pipeline.fusion ? entry(pipeline.fusion) : null,
    pipeline.packer ? entry(pipeline.packer) : null,
  ]);
  if (extra === undefined) return base;
  const text = JSON.stringify(extra) ?? 'undefined';
  const hex = (seed: number) => hashString(text, seed).toString(16).padStart(8, '0');
  return `${base}#${hex(0)}${hex(1)}`;
}

/** Whether `configuration` was made for `pipeline`, with or without an `extra`. */
export function isConfigurationOf(pipeline: PipelineParts, configuration: string): boolean {
  const base = snapshotConfiguration(pipeline);
  return configuration === base || configuration.startsWith(`${base}#`);
}

import { hashString } from '../util/hash-string.js';

/** What decides a picker snapshot's parts: the rankers (fusion and packer read no snapshot). */
export interface PipelineParts {
  readonly rankers: readonly { readonly id: string; readonly specificationVersion: string }[];
}

/**
 * A pipeline's configuration id for `PickerSnapshot.configuration`: every ranker id with its spec
 * version, plus a 64-bit hash of `extra` (as JSON) for what ids do not show (ranker options, an
 * embedding model), so one pipeline never reads another's snapshot.
 * @default extra none
 */
export function snapshotConfiguration(pipeline: PipelineParts, extra?: unknown): string {
  const base = JSON.stringify(
    pipeline.rankers.map((ranker) => `${ranker.id}@${ranker.specificationVersion}`),
  );
  if (extra === undefined) return base;
  const text = JSON.stringify(extra) ?? 'undefined';
  const hex = (seed: number) => hashString(text, seed).toString(16).padStart(8, '0');
  return `${base}#${hex(0)}${hex(1)}`;
}

/** Whether `configuration` was made for `pipeline`'s rankers, with or without an `extra`. */
export function isConfigurationOf(pipeline: PipelineParts, configuration: string): boolean {
  const base = snapshotConfiguration(pipeline);
  return configuration === base || configuration.startsWith(`${base}#`);
}

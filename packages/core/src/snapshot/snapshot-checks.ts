import { CorruptDataError } from '../errors/corrupt-data-error.js';
import type { Tool } from '../tools/tool.js';

/**
 * Throws the error for a `kind` snapshot that cannot be restored, saying why and what to do
 * instead; for rankers' own checks after `decodeSnapshot`.
 */
export function failSnapshot(kind: string, why: string): never {
  throw new CorruptDataError({
    source: `${kind} snapshot`,
    message: `${kind} snapshot cannot be restored: ${why}; re-index the tools and take a new snapshot`,
  });
}

/** Whether `value` is an array of strings; a plain loop, since restores run in cold code. */
export function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

/**
 * Whether `names` are the tools' names in the tools' order: the usual case when a ranker restores
 * the catalogue it was indexed with, checked without building a set of names (the tools' names
 * are distinct, so these are too).
 */
export function sameToolNames(names: readonly unknown[], tools: readonly Tool[]): boolean {
  if (names.length !== tools.length) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== tools[i]!.name) return false;
  return true;
}

/**
 * Throws `CorruptDataError` unless `names`, the tools a ranker's snapshot (named `id`) was taken
 * of, are exactly the names of `tools`, each once.
 */
export function checkSnapshotNames(
  id: string,
  names: readonly string[],
  tools: readonly Tool[],
): void {
  if (sameToolNames(names, tools)) return;
  const given = new Set<string>();
  for (const tool of tools) given.add(tool.name);
  const count = given.size;
  // Each snapshot name takes its tool out: a name not there (missing, or repeated) is refused.
  const stray = names.find((name) => !given.delete(name));
  if (stray === undefined && given.size === 0) return;
  throw new CorruptDataError({
    source: `${id} snapshot`,
    message: `${id} snapshot was taken of another catalogue (${names.length} tools, ${count} given${
      stray === undefined ? '' : `; e.g. "${stray}" is not among the tools, or repeats`
    }); re-index the tools and take a new snapshot`,
  });
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Tool, toTools } from '@shortlist/core';

/** The three folders of `../shared/benchmarks`. */
export const benchmarkFolders: readonly string[] = ['bfcl', 'metatool', 'sealtools'];

/** `$SHORTLIST_BENCHMARKS`, else `shared/benchmarks` beside the repository checkout. */
const benchmarksDir = (): string =>
  process.env.SHORTLIST_BENCHMARKS ??
  fileURLToPath(new URL('../../../../shared/benchmarks/', import.meta.url));

const readJsonLines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A folder's tools as canonical `Tool`s named by the dataset's id (unique; bfcl repeats names). */
export function readBenchmarkTools(folder: string): Tool[] {
  return toTools(
    readJsonLines(`${benchmarksDir()}/${folder}/tools.jsonl`).map((entry) => ({
      name: entry.id,
      description: entry.description,
      parameters: entry.parameters,
    })),
  );
}

/** Every `step`-th item, starting at the first: a deterministic, evenly spread sample. */
export function everyNth<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
}

import { readFileSync } from 'node:fs';
import { benchmarksDir } from '../benchmarks.mjs';

// The tools reader is the one budget's own tests use; both read `SHORTLIST_BENCHMARKS`.
export { everyNth, readBenchmarkTools } from '../../packages/budget/src/test-benchmark-tools.js';

/** One labelled query of a benchmark folder. */
export interface BenchmarkQuery {
  readonly id: string;
  readonly query: string;
  readonly relevant: readonly string[];
}

/** The three folders of the shared benchmarks. */
export const benchmarkFolders: readonly string[] = ['bfcl', 'metatool', 'sealtools'];

/** A folder's queries with their relevant tool ids. */
export function readBenchmarkQueries(folder: string): BenchmarkQuery[] {
  return readFileSync(`${benchmarksDir}/${folder}/queries.jsonl`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .map((entry) => ({
      id: String(entry.id),
      query: String(entry.query),
      relevant: (entry.relevant as string[]) ?? [],
    }));
}

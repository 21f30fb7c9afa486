import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Dataset, loadDataset } from '@shortlist/eval';

/** The shared benchmarks folder: `SHORTLIST_BENCHMARKS`, or `../shared/benchmarks` beside the repository. */
export const benchmarksDir = resolve(
  process.env.SHORTLIST_BENCHMARKS ??
    join(fileURLToPath(new URL('../../..', import.meta.url)), '../shared/benchmarks'),
);

/** The three shared sets the default pipeline was chosen on. */
export const benchmarkSets = ['bfcl', 'metatool', 'sealtools'] as const;

/** Whether the shared benchmarks are there; tests on them are skipped (and say so) when not. */
export const haveBenchmarks = benchmarkSets.every((set) =>
  existsSync(join(benchmarksDir, set, 'tools.jsonl')),
);

/** One shared set, its queries sampled by a seeded hash of their id (the same on every run). */
export function loadBenchmark(set: string, sample?: number): Promise<Dataset> {
  return loadDataset(join(benchmarksDir, set), sample === undefined ? {} : { sample, seed: 7 });
}

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The monorepo root this CLI runs from (the folder holding pnpm-workspace.yaml above the
 * package), or the working directory when the CLI is installed elsewhere.
 */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/** Default benchmarks folder: `../shared/benchmarks` from the repository root. */
export function defaultBenchmarksDir(): string {
  return resolve(repoRoot(), '../shared/benchmarks');
}

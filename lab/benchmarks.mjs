// The lab's one setting for where the shared benchmarks are, read by every lab script.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so lab scripts find `packages/` and `docs/` wherever they are run from. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Where the shared benchmarks are: `SHORTLIST_BENCHMARKS`, else `../shared/benchmarks` relative
 * to the repository root.
 */
export const benchmarksDir = resolve(
  process.env.SHORTLIST_BENCHMARKS ?? join(repoRoot, '..', 'shared', 'benchmarks'),
);

/** Where figure scripts' output is kept; READMEs link here instead of carrying run logs. */
export const figuresDir = join(repoRoot, 'docs', 'figures');

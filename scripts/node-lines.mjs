// Node binaries for the supported lines, from the npm registry: the `node-<platform>-<arch>`
// package of a pinned version, installed once into node_modules/.cache (no other download).
// `node scripts/node-lines.mjs 22` prints the folder holding that line's `node`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The pinned release of each supported line besides the machine's own. */
export const nodeReleases = { 22: '22.23.5', 24: '24.22.3' };

/** The folder holding `node` for `major` (the machine's own when it is that line). */
export function nodeBin(major) {
  if (process.versions.node.split('.')[0] === String(major)) {
    return resolve(process.execPath, '..');
  }
  const version = nodeReleases[major];
  if (!version) throw new Error(`node-lines: no pinned release for Node ${major}`);
  const name = `node-${process.platform}-${process.arch}`;
  const prefix = join(root, 'node_modules/.cache/shortlist-node', version);
  const bin = join(prefix, 'node_modules', name, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        '--prefix',
        prefix,
        `${name}@${version}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return bin;
}

if (process.argv[1] === import.meta.filename) console.log(nodeBin(process.argv[2]));

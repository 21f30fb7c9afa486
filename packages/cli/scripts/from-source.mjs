// Runs the command line straight from the workspace's TypeScript sources, for a fresh clone:
// esbuild bundles src/bin.ts and the source of every @shortlist package it imports into
// .from-source/ (about a second, no type check), then runs it with this script's arguments. So
// `pnpm demo` and `pnpm shortlist` need no `tsc` build of 18 packages first (root README).
// Packages from npm stay imports of the files they resolve to in the workspace's install.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundleSettings } from './bundle-settings.mjs';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(cli, '..');
/** Beside src/ and data/, so the bundle's `../data/…` and `../package.json` mean what they do in dist/. */
const outdir = join(cli, '.from-source');

/** Each workspace package's folder and `exports`, by name. */
const workspace = new Map(
  readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        const manifest = JSON.parse(
          readFileSync(join(packages, entry.name, 'package.json'), 'utf8'),
        );
        const { exports, imports } = manifest;
        return [[manifest.name, { dir: join(packages, entry.name), exports, imports }]];
      } catch {
        return [];
      }
    }),
);

/** A package's `./dist/….js` target (its Node one: `default`) as the `src/….ts` it is built from. */
function sourceFile(dir, entry) {
  const target = typeof entry === 'string' ? entry : entry?.default;
  if (typeof target !== 'string' || !target.startsWith('./dist/')) return undefined;
  return join(dir, target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
}

/** The source file behind `@shortlist/x[/sub]`: its export's dist/….js as src/….ts. */
function sourceOf(specifier) {
  const [scope, name, ...rest] = specifier.split('/');
  const found = workspace.get(`${scope}/${name}`);
  if (!found) return undefined;
  return sourceFile(found.dir, found.exports?.[rest.length === 0 ? '.' : `./${rest.join('/')}`]);
}

/** The source file behind a package import (`#…`) made from a workspace package's sources. */
function importSourceOf(specifier, resolveDir) {
  for (const { dir, imports } of workspace.values()) {
    if (resolveDir.startsWith(`${dir}/`)) return sourceFile(dir, imports?.[specifier]);
  }
  return undefined;
}

// Chunk names carry a content hash: start empty, so the folder never holds stale ones.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { shortlist: join(cli, 'src/bin.ts') },
  outdir,
  ...bundleSettings,
  plugins: [
    {
      name: 'workspace-sources',
      setup(builder) {
        builder.onResolve({ filter: /^#/ }, ({ path, resolveDir }) => {
          const source = importSourceOf(path, resolveDir);
          return source ? { path: source } : undefined;
        });
        builder.onResolve({ filter: /^[^./#]/ }, async ({ path, resolveDir, kind, pluginData }) => {
          if (pluginData?.plain) return undefined;
          if (path.startsWith('node:')) return { path, external: true };
          if (path.startsWith('@shortlist/')) {
            const source = sourceOf(path);
            if (source) return { path: source };
          }
          // From npm: the file the importing package resolves it to (pnpm installs each
          // package's dependencies beside it only), or the bare name when it is not installed
          // (an optional peer, which then fails with its own message when used).
          const resolved = await builder.resolve(path, {
            kind,
            resolveDir,
            pluginData: { plain: true },
          });
          return resolved.errors.length === 0
            ? { path: pathToFileURL(resolved.path).href, external: true }
            : { path, external: true };
        });
      },
    },
  ],
});

process.argv = [process.argv[0], join(outdir, 'shortlist.js'), ...process.argv.slice(2)];
await import(pathToFileURL(join(outdir, 'shortlist.js')).href);

// Build step: bundles the compiled bin with the packages `--help` and `select` need into
// dist/shortlist.js (lazy commands become chunks beside it), so Node resolves a handful of files
// at start instead of hundreds. Everything else stays an import resolved from node_modules.
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { bundleSettings } from './bundle-settings.mjs';

// Chunk names carry a content hash: clear the last build's, so dist/ never holds stale ones.
for (const file of readdirSync('dist')) {
  if (/^shortlist(-[A-Z0-9]+)?\.js$/.test(file)) rmSync(`dist/${file}`);
}

/** Packages compiled into the bundle: the command line's own start path. */
const bundled = new Set([
  'commander',
  '@shortlist/core',
  '@shortlist/bm25',
  '@shortlist/tfidf',
  '@shortlist/fusion',
  '@shortlist/budget',
  '@shortlist/lexical',
  // lexical() imports it since it learns from examples.
  '@shortlist/learn',
]);

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

await build({
  entryPoints: { shortlist: 'dist/bin.js' },
  outdir: 'dist',
  // Chunks sit beside the entry so `new URL('../data/…', import.meta.url)` means the same in each.
  ...bundleSettings,
  plugins: [
    {
      // commander is CommonJS: each require('node:…') it makes becomes a module that takes the
      // built-in from process.getBuiltinModule, so no chunk needs a real require. child_process,
      // used only for executable subcommands (this command line has none), loads on first use.
      name: 'commander-builtins',
      setup(builder) {
        builder.onResolve({ filter: /^node:/ }, ({ path, importer }) =>
          /[\\/]commander[\\/]/.test(importer)
            ? { path: path.slice('node:'.length), namespace: 'builtin' }
            : undefined,
        );
        builder.onLoad({ filter: /.*/, namespace: 'builtin' }, ({ path }) => ({
          contents:
            path === 'child_process'
              ? "module.exports = { spawn: (...args) => process.getBuiltinModule('node:child_process').spawn(...args) };"
              : `module.exports = process.getBuiltinModule('node:${path}');`,
          loader: 'js',
        }));
      },
    },
    {
      name: 'externals',
      setup(builder) {
        // Package imports (#…) are the bundled package's own, resolved with its conditions.
        builder.onResolve({ filter: /^[^./#]/ }, ({ path }) =>
          path.startsWith('node:') || !bundled.has(packageName(path))
            ? { path, external: true }
            : undefined,
        );
      },
    },
  ],
});

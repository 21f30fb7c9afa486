// The esbuild settings both bundles of the command line share (the build's dist/shortlist.js and
// from-source.mjs's run from the sources), so the two cannot drift apart in target or layout.

/** Entry `shortlist` with its lazy commands split into hashed chunks beside it, ESM for Node 20.19. */
export const bundleSettings = {
  chunkNames: 'shortlist-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  logLevel: 'warning',
};

import { defineConfig } from 'vitest/config';

/** One root config; each package folder is its own Vitest project. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'examples/*', 'scripts/packed-install'],
  },
});

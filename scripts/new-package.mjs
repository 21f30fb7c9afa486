#!/usr/bin/env node
// Creates the skeleton of a package so every package starts with the same layout:
// node scripts/new-package.mjs NAME "description"
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [name, description = ''] = process.argv.slice(2);
if (!name) {
  console.error('usage: node scripts/new-package.mjs NAME "description"');
  process.exit(1);
}
const dir = join('packages', name);
if (existsSync(dir)) {
  console.error(`${dir} exists already`);
  process.exit(1);
}
mkdirSync(join(dir, 'src'), { recursive: true });
// The repository's address lives once, in the root package.json; every package's links derive from it.
const { repository } = JSON.parse(readFileSync('package.json', 'utf8'));
const web = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const pkg = {
  name: `@shortlist/${name}`,
  version: '0.0.0',
  description,
  keywords: ['shortlist', 'tool-retrieval', 'llm', 'agents', 'tools'],
  homepage: `${web}/tree/main/packages/${name}#readme`,
  bugs: { url: `${web}/issues` },
  repository: { ...repository, directory: `packages/${name}` },
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  files: ['dist', '!dist/.tsbuildinfo', 'LICENSE'],
  exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
  main: './dist/index.js',
  types: './dist/index.d.ts',
  scripts: {
    build: 'tsc -b',
    typecheck: 'tsc -p tsconfig.test.json',
    test: 'vitest run',
  },
  engines: { node: '>=20.19' },
  peerDependencies: name === 'core' ? undefined : { '@shortlist/core': 'workspace:0.x' },
  devDependencies: name === 'core' ? undefined : { '@shortlist/core': 'workspace:*' },
};
const write = (file, text) => writeFileSync(join(dir, file), text);
write('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
copyFileSync('LICENSE', join(dir, 'LICENSE'));
write(
  'tsconfig.json',
  `${JSON.stringify(
    {
      extends: '../../tsconfig.base.json',
      compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/.tsbuildinfo' },
      include: ['src'],
      exclude: ['src/**/*.test.ts', 'src/**/test-*.ts'],
      references: name === 'core' ? [] : [{ path: '../core' }],
    },
    null,
    2,
  )}\n`,
);
write(
  'tsconfig.test.json',
  `${JSON.stringify(
    {
      extends: './tsconfig.json',
      compilerOptions: {
        composite: false,
        noEmit: true,
        declaration: false,
        declarationMap: false,
      },
      include: ['src'],
      exclude: [],
    },
    null,
    2,
  )}\n`,
);
write('README.md', `# @shortlist/${name}\n\n${description}\n`);
write('CHANGELOG.md', `# @shortlist/${name}\n`);
write('src/index.ts', 'export {};\n');
console.log(`created ${dir}`);

// Prints what installing Shortlist costs a user, measured for real: the packages an install
// needs are packed with `pnpm pack`, installed from the tarballs into a fresh npm project
// outside the workspace (npm's defaults: optional peers stay out), and node_modules is measured
// with `du`. `pnpm sizes` builds first; `--json` prints the figures for a test to check,
// `--tarballs DIR` reuses tarballs packed already, `--work DIR` keeps the projects there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');

/** The installs measured: what a user types, and the most it may weigh (issue 25's goals). */
const installs = [
  { name: 'lexical()', install: ['@shortlist/lexical'], ceilingMB: 5 },
  { name: 'shortlist select', install: ['@shortlist/cli'], ceilingMB: 25 },
];

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The workspace's package manifests by name. */
function workspaceManifests() {
  const manifests = new Map();
  for (const dir of readdirSync(join(root, 'packages'))) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    manifests.set(manifest.name, manifest);
  }
  return manifests;
}

/** The workspace packages an install of `names` brings: dependencies and required peers, transitively. */
function closure(names, manifests) {
  const needed = new Set();
  const visit = (name) => {
    if (needed.has(name) || !manifests.has(name)) return;
    needed.add(name);
    const {
      dependencies = {},
      peerDependencies = {},
      peerDependenciesMeta = {},
    } = manifests.get(name);
    for (const dependency of Object.keys(dependencies)) visit(dependency);
    for (const peer of Object.keys(peerDependencies)) {
      if (!peerDependenciesMeta[peer]?.optional) visit(peer);
    }
  };
  for (const name of names) visit(name);
  return [...needed].sort();
}

/** `pnpm pack` of `names` into `destination` (the workspace's packer rewrites workspace: ranges). */
function pack(names, destination) {
  const filters = names.flatMap((name) => ['--filter', name]);
  const out = run(
    'pnpm',
    ['-r', ...filters, 'pack', '--json', '--pack-destination', destination],
    root,
  );
  const results = [JSON.parse(out)].flat();
  return new Map(results.map((result) => [result.name, result.filename]));
}

/** Tarballs already in `dir`, by package name (read from each tarball's package.json). */
function tarballsIn(dir) {
  const found = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.tgz'))) {
    const path = join(dir, file);
    const { name } = JSON.parse(run('tar', ['-xzOf', path, 'package/package.json'], dir));
    found.set(name, path);
  }
  return found;
}

/** Installs `install` (with the workspace packages it needs) into a fresh project; measures it. */
function measure({ name, install, ceilingMB }, tarballs, work) {
  const manifests = workspaceManifests();
  const needed = closure(install, manifests);
  const missing = needed.filter((pkg) => !tarballs.has(pkg));
  if (missing.length > 0) throw new Error(`no tarball for ${missing.join(', ')}`);
  const project = mkdtempSync(join(work, 'project-'));
  const dependencies = Object.fromEntries(needed.map((pkg) => [pkg, `file:${tarballs.get(pkg)}`]));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'size-probe', private: true, type: 'module', dependencies }, null, 2),
  );
  run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--silent'], project);
  const modules = join(project, 'node_modules');
  const kilobytes = (path) => Number(run('du', ['-sk', path], project).split('\t')[0]);
  const lock = JSON.parse(readFileSync(join(modules, '.package-lock.json'), 'utf8'));
  const packages = Object.keys(lock.packages).filter((key) => key.startsWith('node_modules/'));
  const largest = packages
    .map((key) => ({
      name: key.replace(/^.*node_modules\//, ''),
      kb: kilobytes(join(project, key)),
    }))
    .sort((a, b) => b.kb - a.kb)
    .slice(0, 5)
    .map(({ name: pkg, kb }) => ({ name: pkg, mb: round(kb / 1024) }));
  return {
    name,
    install: `npm install ${install.join(' ')}`,
    packages: packages.length,
    mb: round(kilobytes(modules) / 1024),
    ceilingMB,
    largest,
    project,
  };
}

const round = (value) => Math.round(value * 10) / 10;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { json: { type: 'boolean' }, tarballs: { type: 'string' }, work: { type: 'string' } },
  });
  // --work DIR keeps the projects there (a test runs commands in them); else a temporary folder.
  const work = values.work ? resolve(values.work) : mkdtempSync(join(tmpdir(), 'shortlist-sizes-'));
  mkdirSync(work, { recursive: true });
  try {
    let tarballs;
    if (values.tarballs) tarballs = tarballsIn(resolve(values.tarballs));
    else {
      const destination = join(work, 'tarballs');
      mkdirSync(destination);
      const manifests = workspaceManifests();
      tarballs = pack(
        closure(
          installs.flatMap((i) => i.install),
          manifests,
        ),
        destination,
      );
    }
    const figures = installs.map((install) => measure(install, tarballs, work));
    if (values.json) console.log(JSON.stringify(figures, null, 2));
    else {
      console.log('| install | packages | node_modules (du) | goal |');
      console.log('| ------- | -------: | ----------------: | ---: |');
      for (const f of figures) {
        console.log(
          `| \`${f.install}\` (${f.name}) | ${f.packages} | ${f.mb} MB | ≤ ${f.ceilingMB} MB |`,
        );
      }
      for (const f of figures) {
        console.log(
          `\n${f.name}, largest: ${f.largest.map((l) => `${l.name} ${l.mb} MB`).join(', ')}`,
        );
      }
    }
  } finally {
    if (!values.work) rmSync(work, { recursive: true, force: true });
  }
}

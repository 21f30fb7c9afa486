import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

// A README as a new user follows it: its install line, alone, in a fresh project (the tarballs
// standing in for the registry until the first release), then its first example.

/** What a packed package is to these helpers. */
export interface PackedPackage {
  readonly dir: string;
  readonly manifest: {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  readonly tarball: string;
}

/** The first install command of a README (`npm install`, `npm i`, `pnpm add`, `yarn add`). */
export interface InstallLine {
  readonly command: string;
  /** Package names, as written (a `name@range` keeps its name only). */
  readonly packages: readonly string[];
}

/** The README's first install command; a README without one is an error naming it. */
export function installLine(readme: string, text: string): InstallLine {
  const match = /(?:npm install|npm i|pnpm add|yarn add)((?:[ \t]+[^\s`]+)+)/.exec(text);
  if (!match) throw new Error(`${readme} has no install line (npm install …)`);
  const packages = match[1]!
    .split(/\s#/)[0]!
    .trim()
    .split(/\s+/)
    .filter((word) => !word.startsWith('-') && !word.startsWith('#'))
    .map((word) => word.replace(/(?<=.)@.*$/, ''));
  return { command: match[0], packages };
}

/** Bare package names a piece of code imports (static, re-export and dynamic), Node's own left out. */
export function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(
    /(?:from\s*|import\s*\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g,
  )) {
    const specifier = match[1]!;
    if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  return names;
}

/** Import specifiers of a piece of code, as written (`@shortlist/learn/node` stays whole). */
export function importSpecifiers(code: string): string[] {
  const out = new Set<string>();
  for (const match of code.matchAll(
    /(?:from\s*|import\s*\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g,
  )) {
    const specifier = match[1]!;
    if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) out.add(specifier);
  }
  return [...out];
}

/** Required peers of the named packages (`@shortlist/…` and the frameworks, e.g. `openai`). */
function requiredPeers(names: readonly string[], packed: readonly PackedPackage[]): Set<string> {
  const peers = new Set<string>();
  for (const name of names) {
    const manifest = packed.find((p) => p.manifest.name === name)?.manifest;
    for (const peer of Object.keys(manifest?.peerDependencies ?? {})) {
      if (!manifest?.peerDependenciesMeta?.[peer]?.optional) peers.add(peer);
    }
  }
  return peers;
}

/**
 * What the line leaves out: packages the example imports, and the @shortlist peers of the
 * packages it installs (npm 7+ would fetch those, pnpm and yarn would not). A framework peer
 * (`langchain`) may go unnamed: the user of an adapter has their own.
 */
export function missingFromLine(
  line: InstallLine,
  example: string,
  packed: readonly PackedPackage[],
): string[] {
  const listed = new Set(line.packages);
  const needed = new Set(importedPackages(example));
  for (const peer of requiredPeers(line.packages, packed)) {
    if (peer.startsWith('@shortlist/')) needed.add(peer);
  }
  return [...needed].filter((name) => !listed.has(name)).sort();
}

/**
 * The tarballs that stand in for the registry for `names`: each @shortlist package's own and
 * those of the @shortlist packages it depends on (never its peers: the line must name those).
 */
function tarballsFor(names: readonly string[], packed: readonly PackedPackage[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const found = packed.find((p) => p.manifest.name === name);
    if (!found) return;
    seen.add(name);
    for (const dependency of Object.keys(found.manifest.dependencies ?? {})) visit(dependency);
  };
  for (const name of names) visit(name);
  return packed.filter((p) => seen.has(p.manifest.name)).map((p) => p.tarball);
}

/** Where the workspace installed a package from npm, so a project links it instead of downloading. */
function workspaceCopy(root: string, name: string): string {
  const places = [
    join(root, 'node_modules'),
    ...readdirSync(join(root, 'packages')).map((dir) =>
      join(root, 'packages', dir, 'node_modules'),
    ),
  ];
  for (const place of places) {
    const candidate = join(place, ...name.split('/'));
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  throw new Error(
    `${name} is not installed anywhere in the workspace; add it to a package's devDependencies`,
  );
}

const npm = (args: string[], cwd: string): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile('npm', args, { cwd }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`npm ${args.join(' ')}: ${stderr || error.message}`))
        : resolve(stdout),
    );
  });

/**
 * A fresh npm project in `dir` holding only what `line` installs: @shortlist packages from their
 * tarballs, other packages linked from the workspace's copies (the same versions, offline), and
 * an adapter's framework. No other peer is added (`--legacy-peer-deps`): the line must say it.
 */
export async function freshProject(
  dir: string,
  line: InstallLine,
  packed: readonly PackedPackage[],
  root: string,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'readme-project', private: true, type: 'module' }, null, 2),
  );
  const ours = line.packages.filter((name) => packed.some((p) => p.manifest.name === name));
  // The line's other packages, and the frameworks an adapter peer-depends on (the user's own).
  const frameworks = [...requiredPeers(ours, packed)].filter(
    (name) => !name.startsWith('@shortlist/'),
  );
  const theirs = [
    ...new Set([...line.packages.filter((name) => !ours.includes(name)), ...frameworks]),
  ].map((name) => workspaceCopy(root, name));
  await npm(
    [
      'install',
      '--legacy-peer-deps',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--silent',
      ...tarballsFor(ours, packed),
      ...theirs,
    ],
    dir,
  );
}

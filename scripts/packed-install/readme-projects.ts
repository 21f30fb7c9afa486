import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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
  /** The same packages as written, ranges kept (`zod@^4`), for npm to resolve. */
  readonly specs: readonly string[];
}

/** The README's first install command; a README without one is an error naming it. */
export function installLine(readme: string, text: string): InstallLine {
  const match = /(?:npm install|npm i|pnpm add|yarn add)((?:[ \t]+[^\s`]+)+)/.exec(text);
  if (!match) throw new Error(`${readme} has no install line (npm install …)`);
  const specs = match[1]!
    .split(/\s#/)[0]!
    .trim()
    .split(/\s+/)
    .filter((word) => !word.startsWith('-') && !word.startsWith('#'));
  const packages = specs.map((word) => word.replace(/(?<=.)@.*$/, ''));
  return { command: match[0], packages, specs };
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

/** A Node binary the install runs under: npm resolves engines and peers for its version. */
export interface NodeLine {
  /** `node 22` */
  readonly label: string;
  /** The folder holding its `node`, put first on PATH for npm and the example. */
  readonly bin: string;
}

/** The environment of a command run under `node`: its binary first on PATH, npm's cache shared. */
const nodeEnv = (node: NodeLine, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${node.bin}:${process.env.PATH ?? ''}`,
  ...extra,
});

/** Runs npm under `node` in `cwd`; resolves with standard output, rejects with standard error. */
export const npm = (args: string[], cwd: string, node: NodeLine): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(
      'npm',
      args,
      { cwd, env: nodeEnv(node), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`npm ${args.join(' ')}: ${stderr || stdout || error.message}`))
          : resolve(stdout),
    );
  });

/**
 * A fresh npm project in `dir` holding what `line` installs, resolved by npm as for a user on
 * `node`: @shortlist packages from their tarballs (standing in for the registry), everything else
 * (the line's other packages, the peers npm adds) from the npm registry as npm picks them. Peers
 * are checked (no `--legacy-peer-deps`); install scripts stay off (no download beyond the registry).
 */
export async function freshProject(
  dir: string,
  line: InstallLine,
  packed: readonly PackedPackage[],
  node: NodeLine,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'readme-project', private: true, type: 'module' }, null, 2),
  );
  const ours = line.packages.filter((name) => packed.some((p) => p.manifest.name === name));
  const theirs = line.specs.filter((_, at) => !ours.includes(line.packages[at]!));
  await npm(
    [
      'install',
      // npm's cached metadata when it has it (the registry otherwise): the same resolution,
      // without revalidating hundreds of package documents per project.
      '--prefer-offline',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...tarballsFor(ours, packed),
      ...theirs,
    ],
    dir,
    node,
  );
}

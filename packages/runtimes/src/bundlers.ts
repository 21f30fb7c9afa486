import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild, transform } from 'esbuild';
import { build as vite } from 'vite';
import webpack from 'webpack';

/** The entries an app imports, each with a `first-picks/<entry>.ts` that picks with it. */
export const ENTRIES = ['lexical', 'core', 'ai-sdk'] as const;
/** The three, and `exact-tokenizer`: a user who opts in to gpt-tokenizer by importing it. */
export type Entry = (typeof ENTRIES)[number] | 'exact-tokenizer';

export const BUNDLERS = ['esbuild', 'vite', 'webpack'] as const;
export type Bundler = (typeof BUNDLERS)[number];

/**
 * `browser`: an app's ESM build with code splitting, served to a page. `edge`: one classic script
 * (dynamic imports inlined), as an edge function is deployed, resolved with the edge conditions.
 */
export type Target = 'browser' | 'edge';

/** The global each bundled entry sets: `shortlistFirstPicks(tools, queries)`. */
export const GLOBAL_NAME = 'shortlistFirstPicks';

/** Under the package, so bundlers resolve `@shortlist/*` from its node_modules; ignored by git. */
export const OUT_ROOT = fileURLToPath(new URL('../.bundles/', import.meta.url));

const EDGE_CONDITIONS = ['edge-light', 'worker', 'browser', 'import', 'module', 'default'];

/** One file a build wrote, with its size raw and gzipped. */
interface BuiltFile {
  readonly name: string;
  readonly text: string;
  readonly bytes: number;
  readonly gzipped: number;
}

/** A build's files by name; `entry.js` is what the page or edge function loads. */
export interface Build {
  readonly dir: string;
  /** Paths of the source modules the bundler put in it, as it names them (relative or absolute). */
  readonly modules: readonly string[];
  readonly files: ReadonlyMap<string, BuiltFile>;
  /** Whether `entry.js` is an ES module (`<script type="module">`) or a classic script. */
  readonly module: boolean;
}

/** Thrown when a bundler reports an error or a warning (an unresolved import, a Node built-in). */
class BundlerError extends Error {
  constructor(bundler: Bundler, target: Target, entry: Entry, problems: readonly string[]) {
    super(`${bundler} (${target}) cannot bundle ${entry}:\n${problems.join('\n')}`);
    this.name = 'BundlerError';
  }
}

/** Writes `first-picks/<entry>.ts` as plain JS that sets `GLOBAL_NAME`: the one input all three bundle. */
async function writeEntry(entry: Entry): Promise<string> {
  const source = await readFile(new URL(`./first-picks/${entry}.ts`, import.meta.url), 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'es2022' });
  const file = join(OUT_ROOT, 'entries', `${entry}.js`);
  await mkdir(join(OUT_ROOT, 'entries'), { recursive: true });
  await writeFile(file, `${code}\nglobalThis.${GLOBAL_NAME} = firstPicks;\n`);
  return file;
}

/** What a bundler reported: its errors and warnings, and the modules it bundled. */
interface Outcome {
  readonly problems: readonly string[];
  readonly modules: readonly string[];
}

async function runEsbuild(input: string, outDir: string, target: Target): Promise<Outcome> {
  const result = await esbuild({
    entryPoints: { entry: input },
    bundle: true,
    platform: 'browser',
    ...(target === 'edge'
      ? { format: 'iife', conditions: ['edge-light', 'worker'] }
      : { format: 'esm', splitting: true }),
    minify: true,
    target: 'es2022',
    outdir: outDir,
    metafile: true,
    logLevel: 'silent',
  }).catch((error: { errors?: { text: string }[] }) => ({
    errors: error.errors ?? [{ text: String(error) }],
    warnings: [],
    metafile: { inputs: {} },
  }));
  return {
    problems: [...result.errors, ...result.warnings].map((message) => message.text),
    modules: Object.keys(result.metafile.inputs),
  };
}

async function runVite(input: string, outDir: string, target: Target): Promise<Outcome> {
  const problems: string[] = [];
  const modules: string[] = [];
  await vite({
    configFile: false,
    root: OUT_ROOT,
    publicDir: false,
    logLevel: 'silent',
    ...(target === 'edge' ? { resolve: { conditions: EDGE_CONDITIONS } } : {}),
    // Every module parsed, including those whose code was folded away (a constant Rollup inlined).
    plugins: [{ name: 'record-modules', moduleParsed: ({ id }) => void modules.push(id) }],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: {
        input: { entry: input },
        output:
          target === 'edge'
            ? { format: 'iife', inlineDynamicImports: true, entryFileNames: 'entry.js' }
            : { format: 'es', entryFileNames: 'entry.js', chunkFileNames: '[name]-[hash].js' },
        // Rollup only warns about an unresolved import (it leaves it external) and Vite only
        // warns when it stubs a Node built-in for the browser: both are failures here. (zod's
        // misplaced pure annotations and circular imports are Rollup's other warnings.)
        onwarn: (warning) => {
          if (warning.code === 'INVALID_ANNOTATION' || warning.code === 'CIRCULAR_DEPENDENCY')
            return;
          problems.push(`${warning.code ?? 'WARNING'}: ${warning.message}`);
        },
      },
    },
  }).catch((error: unknown) => void problems.push(String(error)));
  return { problems, modules };
}

async function runWebpack(input: string, outDir: string, target: Target): Promise<Outcome> {
  const compiler = webpack({
    mode: 'production',
    context: OUT_ROOT,
    entry: { entry: input },
    target: ['web', 'es2022'],
    devtool: false,
    performance: { hints: false },
    output: { path: outDir, filename: 'entry.js', chunkFilename: '[name].[contenthash:8].js' },
    ...(target === 'edge'
      ? {
          resolve: { conditionNames: EDGE_CONDITIONS },
          module: { parser: { javascript: { dynamicImportMode: 'eager' } } },
        }
      : {}),
  });
  const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  const json = stats?.toJson({
    all: false,
    errors: true,
    warnings: true,
    modules: true,
    nestedModules: true,
    orphanModules: true,
  });
  // A concatenated module lists the modules it joined.
  const names = (list: webpack.StatsModule[] = []): string[] =>
    list.flatMap((module) => [module.name ?? '', ...names(module.modules)]);
  return {
    problems: [...(json?.errors ?? []), ...(json?.warnings ?? [])].map(
      (problem) => problem.message,
    ),
    modules: names(json?.modules),
  };
}

const run = { esbuild: runEsbuild, vite: runVite, webpack: runWebpack };

/** Bundles one entry with one bundler for one target and reads back every file it wrote. */
export async function bundleWith(bundler: Bundler, target: Target, entry: Entry): Promise<Build> {
  const input = await writeEntry(entry);
  const dir = join(OUT_ROOT, bundler, target, entry);
  await rm(dir, { recursive: true, force: true });
  const { problems, modules } = await run[bundler](input, dir, target);
  if (problems.length > 0) throw new BundlerError(bundler, target, entry, problems);
  const files = new Map<string, BuiltFile>();
  // Vite builds on where it stubbed a Node built-in; the stub's name in the output is a failure.
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.js')) continue;
    const text = await readFile(join(dir, name), 'utf8');
    if (text.includes('__vite-browser-external')) {
      throw new BundlerError(bundler, target, entry, [`${name} stubs a Node built-in`]);
    }
    const raw = Buffer.from(text);
    files.set(name, { name, text, bytes: raw.length, gzipped: gzipSync(raw).length });
  }
  const module = bundler !== 'webpack' && target === 'browser';
  return { dir, files, module, modules };
}

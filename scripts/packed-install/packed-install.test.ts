import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  functionCall,
  hfEmbeddingsWire,
  openAIEmbeddingsWire,
  startEmbeddingsServer,
  startOpenAIServer,
} from '@shortlist/test-servers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeBin } from '../node-lines.mjs';
import { aiSdkHarness } from './ai-sdk-harness.js';
import { bagOfWords, loopbackOnly } from './embedding-servers.js';
import {
  freshProject,
  importedPackages,
  importSpecifiers,
  installLine,
  missingFromLine,
  type NodeLine,
  npm,
} from './readme-projects.js';

// What a new user gets: every publishable package packed by the workspace's packer, installed
// from the tarballs into a fresh npm project outside the workspace, its docs run as written.

// Packing, an npm install and two tsc runs: minutes on a loaded machine, seconds on a quiet one.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'shortlist-packed-'));
const tarballs = join(work, 'tarballs');
const consumer = join(work, 'consumer');

interface Manifest {
  name: string;
  private?: boolean;
  files?: string[];
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { url?: string; directory?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  /** Package imports (`#…`): the package's own modules, by condition. */
  imports?: Record<string, Record<string, string>>;
}
interface Packed {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly tarball: string;
  readonly entries: readonly string[];
}

const { repository } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  repository: { url: string };
};
const repositoryWeb = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

const publishable = readdirSync(join(root, 'packages'))
  .map((dir) => ({
    dir,
    manifest: JSON.parse(
      readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'),
    ) as Manifest,
  }))
  .filter(({ manifest }) => !manifest.private);
const packed: Packed[] = [];

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Runs a command without blocking this process, so servers the test started here can answer it;
 * resolves with standard output, rejects with standard error.
 */
function runAsync(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      error ? reject(new Error(`${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
}

/** First TypeScript or JavaScript block of a README (the example after the install line), as written. */
function firstExample(readme: string): string {
  const match = /```(?:ts|js|typescript|javascript)\n([\s\S]*?)```/.exec(
    readFileSync(readme, 'utf8'),
  );
  if (!match?.[1]) throw new Error(`${readme} has no TypeScript or JavaScript block`);
  return match[1];
}

/** First fenced code block of a README, exactly as written. */
function firstCodeBlock(readme: string): string {
  const match = /```[a-z]*\n([\s\S]*?)```/.exec(readFileSync(readme, 'utf8'));
  if (!match?.[1]) throw new Error(`${readme} has no code block`);
  return match[1];
}

beforeAll(() => {
  mkdirSync(tarballs, { recursive: true });
  // One recursive pack of every non-private package: the workspace's packer rewrites workspace: ranges.
  const filters = publishable.flatMap(({ manifest }) => ['--filter', manifest.name]);
  const out = run(
    'pnpm',
    ['-r', ...filters, 'pack', '--json', '--pack-destination', tarballs],
    root,
  );
  const results = JSON.parse(out) as {
    name: string;
    filename: string;
    files: { path: string }[];
  }[];
  for (const { dir, manifest } of publishable) {
    const result = results.find((entry) => entry.name === manifest.name);
    if (!result) continue;
    const entries = result.files.map((file) => `package/${file.path}`);
    packed.push({ dir, manifest, tarball: result.filename, entries });
  }
  mkdirSync(consumer);
  const dependencies: Record<string, string> = { '@types/node': '20.19.43' };
  for (const { manifest, tarball } of packed) dependencies[manifest.name] = `file:${tarball}`;
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }, null, 2),
  );
  // Peers stay uninstalled (the adapters' frameworks and optional tokenizers are the user's choice).
  run(
    'npm',
    ['install', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--silent'],
    consumer,
  );
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The installed `shortlist` bin in `project` selects from its bundled sample and from a catalogue
 * of the user's own (counted by budget's built-in upper bound, nothing to install).
 */
async function expectSelects(project: string): Promise<void> {
  const shortlist = join(project, 'node_modules/.bin/shortlist');
  const sample = JSON.parse(
    await runAsync(shortlist, ['select', 'send an email', '--json'], project),
  );
  expect(sample.picks[0].name).toBe('email_send');
  writeFileSync(
    join(project, 'tools.json'),
    JSON.stringify([
      { name: 'send_email', description: 'Send an email to a colleague' },
      { name: 'get_weather', description: 'Weather forecast for a city' },
    ]),
  );
  const own = JSON.parse(
    await runAsync(
      shortlist,
      ['select', 'email a colleague', '--tools', 'tools.json', '--json'],
      project,
    ),
  );
  expect(own.picks[0]).toMatchObject({ name: 'send_email', tokens: expect.any(Number) });
}

describe('every publishable package, packed', () => {
  it('packs each one', () => {
    expect(packed.map((p) => p.manifest.name).sort()).toEqual(
      publishable.map((p) => p.manifest.name).sort(),
    );
  });

  it('ships a LICENSE, complete metadata and no workspace: ranges', () => {
    for (const { dir, tarball, entries } of packed) {
      const manifest = JSON.parse(
        run('tar', ['-xzOf', tarball, 'package/package.json'], work),
      ) as Manifest & Record<string, unknown>;
      expect(entries, dir).toContain('package/LICENSE');
      expect(entries, dir).toContain('package/README.md');
      expect(manifest.repository?.directory, dir).toBe(`packages/${dir}`);
      // One address, the root package.json's, behind every link.
      expect(manifest.repository?.url, dir).toBe(repository.url);
      expect(manifest.homepage, dir).toBe(`${repositoryWeb}/tree/main/packages/${dir}#readme`);
      expect(manifest.bugs?.url, dir).toBe(`${repositoryWeb}/issues`);
      expect(manifest.keywords?.length, dir).toBeGreaterThan(0);
      expect(JSON.stringify(manifest), dir).not.toContain('workspace:');
    }
  });

  it('peer-depends on core with a range every later core of the same major satisfies', () => {
    // The versioning rule (README, "Releasing"): a core minor must not force a major on plugins.
    const core = publishable.find((p) => p.dir === 'core')!.manifest as { version?: string };
    const major = core.version!.split('.')[0];
    for (const { dir, tarball } of packed) {
      const manifest = JSON.parse(
        run('tar', ['-xzOf', tarball, 'package/package.json'], work),
      ) as Manifest;
      const range = manifest.peerDependencies?.['@shortlist/core'];
      if (range !== undefined) expect(range, dir).toBe(`${major}.x`);
    }
  });

  it('ships no source maps pointing at unshipped sources, no build info', () => {
    for (const { dir, entries } of packed) {
      expect(
        entries.filter((entry) => /\.map$|\.tsbuildinfo$/.test(entry)),
        dir,
      ).toEqual([]);
      const js = entries.filter((entry) => entry.endsWith('.js'));
      for (const entry of js) {
        const code = readFileSync(join(consumer, 'node_modules', ...entryPath(dir, entry)), 'utf8');
        expect(code, `${dir} ${entry}`).not.toContain('sourceMappingURL');
      }
    }
  });

  it('declares every package its shipped code imports', () => {
    for (const { dir, manifest, entries } of packed) {
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
        ...Object.keys(manifest.imports ?? {}),
      ]);
      // A package import resolves, under every condition, to a module the tarball holds.
      for (const [specifier, targets] of Object.entries(manifest.imports ?? {})) {
        for (const target of Object.values(targets)) {
          expect(entries, `${dir} ${specifier}`).toContain(target.replace(/^\.\//, 'package/'));
        }
      }
      const used = new Set<string>();
      for (const entry of entries.filter((e) => e.endsWith('.js'))) {
        const code = readFileSync(join(consumer, 'node_modules', ...entryPath(dir, entry)), 'utf8');
        for (const name of importedPackages(code)) used.add(name);
      }
      expect([...used].filter((name) => !declared.has(name)).sort(), dir).toEqual([]);
    }
  });
});

/** Where a tarball entry (`package/dist/x.js`) of the package in `dir` lands once installed. */
function entryPath(dir: string, entry: string): string[] {
  const name = publishable.find((p) => p.dir === dir)!.manifest.name;
  return [...name.split('/'), ...entry.replace(/^package\//, '').split('/')];
}

describe('installed from tarballs, outside the workspace', () => {
  // One fresh project per README (the root's and every package's), holding only what its
  // install line installs, with its first example written to readme.mjs.
  const readmes = ['root', ...publishable.map((p) => p.dir)];
  const readmePath = (dir: string) =>
    dir === 'root' ? join(root, 'README.md') : join(root, 'packages', dir, 'README.md');
  /** The first example, or '' for a README whose examples are shell commands (the CLI's). */
  const exampleOf = (dir: string): string => {
    if (dir === 'root') return firstCodeBlock(readmePath(dir));
    const text = readFileSync(readmePath(dir), 'utf8');
    return /```(?:ts|js|typescript|javascript)\n/.test(text) ? firstExample(readmePath(dir)) : '';
  };
  const lineOf = (dir: string) =>
    installLine(readmePath(dir), readFileSync(readmePath(dir), 'utf8'));
  const projects = join(work, 'projects');
  /** The machine's own Node, which runs these tests: the line the per-README tests below use. */
  const machine: NodeLine = {
    label: `node ${process.versions.node.split('.')[0]}`,
    bin: dirname(process.execPath),
  };
  const projectFor = (dir: string, node: NodeLine = machine) =>
    join(projects, node.label.replace(' ', ''), dir);
  /** Why a README's install failed, by `label/dir`; the table reports it. */
  const installFailures = new Map<string, string>();

  /** Every README's project for one Node line, installed as npm resolves the line there. */
  async function installAll(node: NodeLine): Promise<void> {
    const queue = [...readmes];
    // Three npm installs at a time: each is mostly waiting on the registry, the disk and the cache.
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
          try {
            await freshProject(projectFor(dir, node), lineOf(dir), packed, node);
            const harness = dir === 'ai-sdk' ? aiSdkHarness : { before: '', after: '' };
            writeFileSync(
              join(projectFor(dir, node), 'readme.mjs'),
              harness.before + exampleOf(dir) + harness.after,
            );
          } catch (error) {
            installFailures.set(`${node.label}/${dir}`, (error as Error).message);
          }
        }
      }),
    );
  }

  beforeAll(() => installAll(machine), 1_800_000);

  it("installs every README's line as npm resolves it, peers checked", () => {
    expect(Object.fromEntries(installFailures)).toEqual({});
  });

  it("names, in every README's install line, each package its example imports and their peers", () => {
    const missing = readmes
      .map((dir) => [dir, missingFromLine(lineOf(dir), exampleOf(dir), packed)] as const)
      .filter(([, names]) => names.length > 0);
    expect(missing).toEqual([]);
  });

  it.each(readmes)(
    "loads every module the %s README's example imports, in a project with only its install line",
    async (dir) => {
      const project = projectFor(dir);
      for (const specifier of importSpecifiers(exampleOf(dir))) {
        await expect(
          runAsync(
            'node',
            ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`],
            project,
          ),
          `${dir}: ${specifier}`,
        ).resolves.toBe('');
      }
    },
  );

  it("runs the shortlist bin in the CLI README's project", async () => {
    const shortlist = join(projectFor('cli'), 'node_modules/.bin/shortlist');
    expect(await runAsync(shortlist, ['--help'], projectFor('cli'))).toContain('Usage: shortlist');
  });

  it("runs the root README's first code block as written", () => {
    expect(run('node', ['readme.mjs'], projectFor('root')).trim()).toBe("[ 'chat_post_message' ]");
  });

  it("runs the lexical README's first code block as written", () => {
    expect(run('node', ['readme.mjs'], projectFor('lexical')).trim()).toBe(
      "[ 'delete_branch', 'list_branches' ]",
    );
  });

  // READMEs whose example is not run here, and why; any other package's example must run below.
  const notRun: Record<string, string> = {
    langchain: "a fragment of the user's own createAgent call (their model and tools)",
    mastra:
      "a fragment of the user's own new Agent call (their model, tools, name and instructions); src/readme.test.ts runs it",
    anthropic:
      'calls the Anthropic Messages API; src/readme.e2e.test.ts runs it against a local server',
    mcp: 'starts @modelcontextprotocol/server-memory through npx, a download',
    redis: 'needs a Redis server and OpenAI embeddings',
    eval: 'reads ../shared/benchmarks, which is not in the package',
    bench: 'a 10,000-tool benchmark, minutes long; pnpm bench runs it',
    conformance:
      "a vitest test file; every first-party plugin runs the kit in this repository's tests",
    cli: 'shell commands; the bin is run below',
  };
  /** Examples that print one line: what it must be. */
  const printsExactly: [string, string][] = [
    ['bm25', 'mail_send_message'],
    ['intent-knn', 'post_chat_message'],
    ['learn', 'list_secret_scanning_alerts'],
    ['orama', 'hris_list_employees'],
    ['tfidf', 'get_weather'],
  ];
  /** Examples that print objects: a part the output must show. */
  const shows: [string, string][] = [
    ['remote', '401: bad key [redacted]'],
    ['core', "[ 'send_email' ]"],
    ['budget', "'get_weather: "],
    ['fusion', "'send_email'"],
  ];
  /** Examples with a test of their own here (the embedders' against local servers). */
  const ownTests = [
    'lexical',
    'ai-sdk',
    'openai',
    'embed-openai',
    'embed-hf',
    'embed-transformers',
  ];

  it('runs every README example that can run offline, and says why for the rest', () => {
    const covered = new Set([
      ...Object.keys(notRun),
      ...[...printsExactly, ...shows].map(([dir]) => dir),
      ...ownTests,
    ]);
    expect(publishable.map((p) => p.dir).filter((dir) => !covered.has(dir))).toEqual([]);
  });

  // Each package README's example runs in its own project with every fetch beyond 127.0.0.1 refused.
  const runExample = (dir: string, env: Record<string, string> = {}, node = machine) => {
    const project = projectFor(dir, node);
    writeFileSync(join(project, 'loopback-only.mjs'), loopbackOnly);
    return runAsync(
      join(node.bin, 'node'),
      ['--import', './loopback-only.mjs', 'readme.mjs'],
      project,
      env,
    );
  };

  /** A README's example run on one Node line, servers started as it needs: throws if it goes wrong. */
  const checkExample: Record<string, (node: NodeLine) => Promise<void>> = {
    root: async (node) =>
      expect((await runExample('root', {}, node)).trim()).toBe("[ 'chat_post_message' ]"),
    lexical: async (node) =>
      expect((await runExample('lexical', {}, node)).trim()).toBe(
        "[ 'delete_branch', 'list_branches' ]",
      ),
    ...Object.fromEntries(
      printsExactly.map(([dir, printed]) => [
        dir,
        async (node: NodeLine) => expect((await runExample(dir, {}, node)).trim()).toBe(printed),
      ]),
    ),
    ...Object.fromEntries(
      shows.map(([dir, shown]) => [
        dir,
        async (node: NodeLine) => expect(await runExample(dir, {}, node)).toContain(shown),
      ]),
    ),
    // The fragment runs with a scripted model (the SDK's own mock) and tools defined before it.
    'ai-sdk': async (node) => {
      const sent = JSON.parse(await runExample('ai-sdk', {}, node)) as string[];
      expect(sent).toContain('send_email');
      expect(sent).not.toContain('deploy_service');
    },
    // Whichever openai npm installed on this line, against a local Responses server.
    openai: async (node) => {
      const server = await startOpenAIServer({
        responses: (body) => {
          const offered = (body.tools ?? []).map((tool) => tool.name as string);
          return [functionCall(offered.includes('send_email') ? 'send_email' : 'none', {})];
        },
      });
      try {
        const printed = await runExample(
          'openai',
          { OPENAI_API_KEY: 'sk-readme-test', OPENAI_BASE_URL: server.baseURL },
          node,
        );
        expect(printed.trim()).toBe("[ 'send_email' ]");
        expect(server.requests[0]!.toolNames.length).toBeLessThanOrEqual(2);
      } finally {
        await server.close();
      }
    },
    'embed-openai': async (node) => {
      const server = await startEmbeddingsServer({
        wire: openAIEmbeddingsWire,
        dimensions: 1536,
        vector: bagOfWords,
      });
      try {
        const printed = await runExample(
          'embed-openai',
          { OPENAI_API_KEY: 'sk-readme-test', OPENAI_BASE_URL: server.url },
          node,
        );
        expect(printed.trim()).toBe('chat_post_message');
      } finally {
        await server.close();
      }
    },
    'embed-hf': async (node) => {
      const server = await startEmbeddingsServer({
        wire: hfEmbeddingsWire(),
        dimensions: 384,
        vector: bagOfWords,
      });
      try {
        expect((await runExample('embed-hf', { TEI_URL: server.url }, node)).trim()).toBe(
          'chat_post_message',
        );
      } finally {
        await server.close();
      }
    },
  };

  it.each(printsExactly)("runs the %s README's example as written: it prints %s", async (dir) =>
    checkExample[dir]!(machine),
  );

  it.each(shows)("runs the %s README's example as written: its output shows %s", async (dir) =>
    checkExample[dir]!(machine),
  );

  it.each(['ai-sdk', 'openai', 'embed-openai', 'embed-hf'])(
    "runs the %s README's example against local servers (a scripted model, embeddings)",
    async (dir) => checkExample[dir]!(machine),
  );

  it("runs embed-transformers' example on a local model folder, offline", async () => {
    // The README's install line names the peer; its project linked the workspace's copy.
    const project = projectFor('embed-transformers');
    // The README's ./models/bge-small-en-v1.5, as the package's published tiny test model.
    const written = await runAsync(
      'node',
      [
        '--input-type=module',
        '-e',
        "const { writeTinyModel } = await import('@shortlist/embed-transformers/testing'); console.log(await writeTinyModel({ width: 384, name: 'bge-small-en-v1.5' }));",
      ],
      project,
    );
    cpSync(written.trim(), join(project, 'models/bge-small-en-v1.5'), { recursive: true });
    rmSync(join(written.trim(), '..'), { recursive: true, force: true });
    // A tiny random model: it runs end to end; which of the two tools it picks means nothing.
    expect(['chat_post_message', 'weather_forecast']).toContain(
      (await runExample('embed-transformers')).trim(),
    );
  });

  it('runs the shortlist bin', () => {
    const version = publishable.find((p) => p.dir === 'cli')!.manifest as { version?: string };
    expect(run(join(consumer, 'node_modules/.bin/shortlist'), ['--version'], consumer).trim()).toBe(
      version.version,
    );
  });

  it('selects with the shortlist bin, from the bundled sample and from a catalogue file', async () => {
    // The build's start-up caches of the bundled sample ship with the bundle.
    const cli = packed.find((p) => p.dir === 'cli')!.entries;
    for (const file of ['shortlist.js', 'sample-token-counts.json', 'sample.snapshot']) {
      expect(cli).toContain(`package/dist/${file}`);
    }
    await expectSelects(consumer);
  });

  for (const [module, moduleResolution] of [
    ['nodenext', 'nodenext'],
    ['esnext', 'bundler'],
  ] as const) {
    it(`type-checks a consumer with moduleResolution ${moduleResolution}`, () => {
      writeFileSync(join(consumer, 'consumer.ts'), consumerSource);
      const config = `tsconfig.${moduleResolution}.json`;
      writeFileSync(
        join(consumer, config),
        JSON.stringify({
          compilerOptions: {
            module,
            moduleResolution,
            target: 'es2022',
            lib: ['es2023'],
            types: ['node'],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['consumer.ts'],
        }),
      );
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      let output = '';
      try {
        output = run('node', [tsc, '-p', config], consumer);
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe('');
    });
  }

  /**
   * One README on one Node line, as a user meets it: the install (above), a tree npm itself calls
   * valid, every import loading, the example (where it runs offline), then an unrelated install.
   * Returns '' or the first step that failed, with npm's or node's words.
   */
  async function followReadme(dir: string, node: NodeLine): Promise<string> {
    const failed = installFailures.get(`${node.label}/${dir}`);
    if (failed !== undefined) return `install: ${failed}`;
    const project = projectFor(dir, node);
    try {
      await npm(['ls', '--all'], project, node);
    } catch (error) {
      return `npm ls: ${(error as Error).message}`;
    }
    for (const specifier of importSpecifiers(exampleOf(dir))) {
      try {
        await runAsync(
          join(node.bin, 'node'),
          ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`],
          project,
        );
      } catch (error) {
        return `import ${specifier}: ${(error as Error).message}`;
      }
    }
    try {
      await checkExample[dir]?.(node);
    } catch (error) {
      return `example: ${(error as Error).message}`;
    }
    try {
      await npm(
        ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', 'ms@2.1.3'],
        project,
        node,
      );
    } catch (error) {
      return `next install (npm install ms): ${(error as Error).message}`;
    }
    return '';
  }

  it('README install lines × Node lines: installs, a valid tree, imports, example, one more install', async () => {
    const lines: NodeLine[] = [20, 22, 24].map((major) =>
      machine.label === `node ${major}` ? machine : { label: `node ${major}`, bin: nodeBin(major) },
    );
    const cells = new Map<string, string>();
    for (const node of lines) {
      if (node !== machine) await installAll(node);
      for (const dir of readmes) cells.set(`${node.label}/${dir}`, await followReadme(dir, node));
    }
    const width = Math.max(...readmes.map((dir) => lineOf(dir).command.length));
    const rows = [
      `${'README install line'.padEnd(width)} | ${lines.map((node) => node.label.padEnd(7)).join(' | ')}`,
      ...readmes.map(
        (dir) =>
          `${lineOf(dir).command.padEnd(width)} | ${lines
            .map((node) => (cells.get(`${node.label}/${dir}`) ? 'FAILED' : 'ok').padEnd(7))
            .join(' | ')}`,
      ),
    ];
    const failures = [...cells].filter(([, why]) => why !== '');
    console.log(
      [
        'Install lines as npm resolves them (examples run where they run offline):',
        ...rows,
        ...failures.map(([where, why]) => `${where}: ${why.slice(0, 600)}`),
      ].join('\n'),
    );
    expect(failures.map(([where, why]) => `${where}: ${why.split('\n')[0]}`)).toEqual([]);
  }, 3_600_000);
});

/** One install `pnpm sizes` measured: what the user typed, and what it cost. */
interface InstallFigure {
  readonly name: string;
  readonly install: string;
  readonly packages: number;
  readonly mb: number;
  readonly ceilingMB: number;
  readonly project: string;
}

/** Runs a command expected to fail; resolves with its exit code and standard error. */
function runFailing(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env } }, (error, _stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
    );
  });
}

describe('install sizes (pnpm sizes), each install in a fresh project from the same tarballs', () => {
  let figures: InstallFigure[] = [];
  beforeAll(async () => {
    const sizes = join(root, 'scripts/install-sizes.mjs');
    const printed = await runAsync(
      'node',
      [sizes, '--json', '--tarballs', tarballs, '--work', join(work, 'sizes')],
      root,
    );
    figures = JSON.parse(printed) as InstallFigure[];
  });
  const figure = (name: string): InstallFigure => {
    const found = figures.find((f) => f.name === name);
    if (!found) throw new Error(`pnpm sizes measured no install named ${name}`);
    return found;
  };

  it('a minimal lexical() install weighs at most 5 MB and picks as its README says', async () => {
    const { mb, ceilingMB, project } = figure('lexical()');
    expect(ceilingMB).toBe(5);
    expect(mb).toBeGreaterThan(0);
    expect(mb).toBeLessThanOrEqual(5);
    expect(existsSync(join(project, 'node_modules/gpt-tokenizer'))).toBe(false);
    writeFileSync(
      join(project, 'lexical-readme.mjs'),
      firstCodeBlock(join(root, 'packages/lexical/README.md')),
    );
    expect((await runAsync('node', ['lexical-readme.mjs'], project)).trim()).toBe(
      "[ 'delete_branch', 'list_branches' ]",
    );
  });

  it('names gpt-tokenizer when exact counting is asked for without it', async () => {
    const { project } = figure('lexical()');
    writeFileSync(
      join(project, 'exact.mjs'),
      `import { budget } from '@shortlist/budget';
import { lexical } from '@shortlist/lexical';
const tools = [{ name: 'send_email', description: 'Send an email' }];
const pipeline = lexical({ maxTokens: false }).pack(budget(4000, { tokenizer: 'gpt-tokenizer' }));
try {
  await pipeline.index(tools);
} catch (error) {
  console.log(error.code, error.message);
}
`,
    );
    expect((await runAsync('node', ['exact.mjs'], project)).trim()).toBe(
      'plugin-failed gptTokenizer() needs the optional package "gpt-tokenizer", which is not installed; run `npm install gpt-tokenizer`, or leave budget()\'s tokenizer unset to count an upper bound with nothing to install',
    );
  });

  const optional = [
    '@shortlist/bench',
    '@shortlist/embed-hf',
    '@shortlist/embed-openai',
    '@shortlist/mcp',
    '@shortlist/redis',
  ];

  it('the command line weighs at most 25 MB and selects with none of its optional packages', async () => {
    const { mb, ceilingMB, project } = figure('shortlist select');
    expect(ceilingMB).toBe(25);
    expect(mb).toBeGreaterThan(0);
    expect(mb).toBeLessThanOrEqual(25);
    for (const name of [...optional, 'gpt-tokenizer', 'openai', '@modelcontextprotocol/sdk']) {
      expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);
    }
    await expectSelects(project);
  });

  it.each([
    ['@shortlist/mcp', 'shortlist mcp', ['mcp', '--config', 'servers.json']],
    ['@shortlist/bench', 'shortlist bench', ['bench']],
    [
      '@shortlist/embed-openai',
      'pipeline "semantic" with --embedder openai',
      ['select', 'email', '--tools', 'tools.json', '--pipeline', 'semantic'],
    ],
    [
      '@shortlist/embed-hf',
      'pipeline "semantic" with --embedder hf',
      ['select', 'email', '--tools', 'tools.json', '--pipeline', 'semantic', '--embedder', 'hf'],
    ],
  ])('names %s when %s needs it and it is not installed', async (name, neededBy, args) => {
    const { project } = figure('shortlist select');
    const shortlist = join(project, 'node_modules/.bin/shortlist');
    writeFileSync(
      join(project, 'tools.json'),
      JSON.stringify([{ name: 'send_email', description: 'Send an email' }]),
    );
    const { code, stderr } = await runFailing(shortlist, args, project, {
      OPENAI_API_KEY: 'sk-not-used',
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `shortlist: ${neededBy} needs the package "${name}", which is not installed; install it beside @shortlist/cli: \`npm install ${name}\``,
    );
  });
});

// Uses the README's parts with their types; the expected errors fail the check if types go `any`.
const consumerSource = `import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { type Pick, pipe, ShortlistError } from '@shortlist/core';
import { hitAt } from '@shortlist/eval';
import { rrf } from '@shortlist/fusion';
import { intent } from '@shortlist/intent-knn';
import { lexical } from '@shortlist/lexical';
import { orama } from '@shortlist/orama';
import { tfidf } from '@shortlist/tfidf';

const tools = [{ name: 'email_send', description: 'Send an email' }];
const picker = await pipe(bm25(), tfidf()).fuse(rrf()).pack(budget(4000)).index(tools);
const picks: readonly Pick[] = (await picker.select('send a mail')).picks;
const names: string[] = picks.map((pick) => pick.name);
// @ts-expect-error a pick is an object, not its name
const wrong: string = picks[0];
const other = await lexical().index(tools);
console.log(names, wrong, other, hitAt(names, new Set(['email_send']), 1), ShortlistError, intent, orama);
`;

import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultMaxTokens } from '@shortlist/lexical';
import { type HttpServer, startHttpServer } from '@shortlist/test-servers';
import { EdgeRuntime } from 'edge-runtime';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLERS,
  type Build,
  type Bundler,
  bundleWith,
  ENTRIES,
  type Entry,
  GLOBAL_NAME,
  OUT_ROOT,
  type Target,
} from './bundlers.js';
import { catalogue, requests } from './catalogue.js';
import { firstPicks as aiSdkPicks } from './first-picks/ai-sdk.js';
import { firstPicks as corePicks } from './first-picks/core.js';
import { firstPicks as exactPicks } from './first-picks/exact-tokenizer.js';
import { firstPicks as lexicalPicks } from './first-picks/lexical.js';

/** Debian's package (`apt-get install -y chromium`); `.ci/run` installs it. */
const CHROMIUM = process.env.SHORTLIST_CHROMIUM ?? '/usr/bin/chromium';

const queries = requests.map((request) => request.query);
const inNode = { lexical: lexicalPicks, core: corePicks, 'ai-sdk': aiSdkPicks } as const;

/** Strings only the optional exact tokenizers' code holds: a bundle must never carry them unasked. */
const EXACT_TOKENIZER_CODE = ['is not in the byte pair encoder', 'tiktoken_bg'];

/** The goal (#38): what a `lexical()` page downloads before its first pick, gzipped. */
const FIRST_PICK_GZIPPED = 100_000;

/**
 * Forty letters of o200k_base's table tail (ranks 10,000 and up), read from the installed
 * package: the chunk holding them is the tail a page loads after its first pick.
 */
async function tailMarker(): Promise<string> {
  const index = createRequire(import.meta.url).resolve('@shortlist/budget');
  const tail = pathToFileURL(join(dirname(index), 'vocabulary', 'o200k-base-tail.js')).href;
  const { bytes } = (await import(tail)) as { bytes: string };
  return bytes.match(/[A-Za-z]{40}/)![0];
}

/** One row of the printed table. */
interface Row {
  readonly entry: Entry;
  readonly bundler: Bundler;
  readonly target: Target;
  readonly first: { readonly bytes: number; readonly gzipped: number; readonly files: number };
  readonly all: { readonly bytes: number; readonly gzipped: number; readonly files: number };
}

/**
 * Which of `@shortlist/budget`'s two `#counts-progressively` modules a build took: the `browser`
 * condition's (the counter answers with the table's head) or the default (it waits for the whole).
 */
const countingModules = (build: Build): string[] => [
  ...new Set(
    build.modules
      .filter((path) => path.includes('counts-progressively'))
      .map((path) => basename(path)),
  ),
];

const builds = new Map<string, Build>();
const node = new Map<Entry, string[][]>();
/** Each entry's first pick in Node, made before anything else (entries without one: none). */
const nodeFirst = new Map<Entry, string[]>();
const rows: Row[] = [];
/** Files served to the page under test, and those served before it reported its first pick. */
const requested: string[] = [];
let beforeFirstPick: string[] | undefined;
/** The table tail's chunk is held back until the first pick: proof the pick does not wait for it. */
let tail: string;
let held: (() => void)[] = [];
let server: HttpServer;
let browser: Browser;

const key = (bundler: Bundler, target: Target, entry: Entry): string =>
  `${bundler}/${target}/${entry}`;

function total(build: Build, names: readonly string[] = [...build.files.keys()]): Row['all'] {
  const files = names.map((name) => build.files.get(name)!);
  return {
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipped: files.reduce((sum, file) => sum + file.gzipped, 0),
    files: files.length,
  };
}

/**
 * The page a browser app would be: its bundle, then its first pick (reported to `/first-pick`),
 * then one pick per request, all reported in `#report`.
 */
function pageHtml(bundler: Bundler, entry: Entry, build: Build): string {
  return `<!doctype html>
<meta charset="utf-8">
<pre id="report">running</pre>
<script ${build.module ? 'type="module" ' : ''}src="/b/${bundler}/${entry}/entry.js"></script>
<script type="module">
  const out = document.getElementById('report');
  try {
    const { tools, queries } = await (await fetch('/input.json')).json();
    let first = null;
    const onFirstPick = async (picks) => {
      first = picks;
      await fetch('/first-pick');
    };
    const picks = await globalThis.${GLOBAL_NAME}(tools, queries, onFirstPick);
    out.textContent = JSON.stringify({ first, picks });
    out.dataset.state = 'done';
  } catch (error) {
    out.textContent = String(error && error.stack ? error.stack : error);
    out.dataset.state = 'failed';
  }
</script>
`;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set SHORTLIST_CHROMIUM`,
    );
  }
  for (const entry of ENTRIES) {
    const firstPick = async (picks: string[]): Promise<void> => void nodeFirst.set(entry, picks);
    node.set(entry, await inNode[entry](catalogue, queries, firstPick));
  }
  tail = await tailMarker();
  node.set('exact-tokenizer', await exactPicks(catalogue, queries, 'gpt-tokenizer'));
  // Each bundle is built once, here; an unresolved import or a Node built-in fails the run.
  for (const bundler of BUNDLERS) {
    for (const target of ['browser', 'edge'] as const) {
      for (const entry of ENTRIES) {
        builds.set(key(bundler, target, entry), await bundleWith(bundler, target, entry));
      }
    }
  }
  server = await startHttpServer((request, res) => {
    const [, kind, bundler, entry, name] = request.path.split('/') as [string, ...string[]];
    const build = builds.get(`${bundler}/browser/${entry}`);
    if (kind === 'input.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ tools: catalogue, queries }));
    }
    if (kind === 'first-pick') {
      beforeFirstPick = [...requested];
      for (const release of held) release();
      held = [];
      res.writeHead(204);
      return res.end();
    }
    if (kind === 'page' && build) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(pageHtml(bundler as Bundler, entry as Entry, build));
    }
    const file = kind === 'b' && build && name ? build.files.get(name) : undefined;
    const send = (): ServerResponse => {
      if (file) requested.push(file.name);
      res.writeHead(file ? 200 : 404, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(file?.text ?? 'not found');
    };
    if (file?.text.includes(tail) && beforeFirstPick === undefined) held.push(send);
    else send();
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-background-networking'],
  });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(OUT_ROOT, { recursive: true, force: true });
  const size = ({ bytes, gzipped, files }: Row['all']): string =>
    `${(bytes / 1000).toFixed(1).padStart(7)} / ${(gzipped / 1000).toFixed(1).padStart(6)} kB (${files})`;
  console.log(
    [
      'Bundled, run, sizes minified (gzip level 6). entry | bundler | target | before the first pick, raw / gzipped (files) | all chunks',
      ...rows.map((row) =>
        [
          row.entry.padEnd(7),
          row.bundler.padEnd(7),
          row.target.padEnd(7),
          size(row.first).padEnd(26),
          size(row.all),
        ].join(' | '),
      ),
    ].join('\n'),
  );
});

it('Node picks the labelled tool first for most requests, so the bundles below have real picks to match', () => {
  for (const entry of ['lexical', 'ai-sdk'] as const) {
    expect(nodeFirst.get(entry)!.length).toBeGreaterThan(0);
    const firsts = node.get(entry)!.map((names) => names[0]);
    const right = requests.filter((request, i) => firsts[i] === request.tool).length;
    expect(right, entry).toBeGreaterThanOrEqual(Math.ceil(requests.length * 0.8));
  }
  for (const picks of node.get('core')!) expect(picks.length).toBeGreaterThan(0);
});

for (const bundler of BUNDLERS) {
  describe(bundler, () => {
    for (const entry of ENTRIES) {
      it(`${entry} in Chromium picks first without the table's tail, then as in Node once it loads`, async () => {
        const build = builds.get(key(bundler, 'browser', entry))!;
        for (const file of build.files.values()) {
          for (const code of EXACT_TOKENIZER_CODE) expect(file.text, file.name).not.toContain(code);
        }
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        requested.length = 0;
        beforeFirstPick = undefined;
        await page.goto(`${server.origin}/page/${bundler}/${entry}`);
        const report = page.locator('#report[data-state]');
        await report.waitFor({ timeout: 60_000 });
        const text = (await report.textContent()) ?? '';
        expect(errors).toEqual([]);
        expect(await report.getAttribute('data-state'), text).toBe('done');
        const { first: firstPick, picks } = JSON.parse(text) as {
          first: string[] | null;
          picks: string[][];
        };
        expect(picks).toEqual(node.get(entry));
        await page.close();
        const all = total(build);
        if (entry === 'core') {
          // No budget, so no token table: everything is the first download.
          expect(countingModules(build)).toEqual([]);
          expect(firstPick).toBeNull();
          expect(total(build, [...new Set(requested)])).toEqual(all);
          rows.push({ entry, bundler, target: 'browser', first: all, all });
          return;
        }
        expect(countingModules(build)).toEqual(['counts-progressively.browser.js']);
        const tailFiles = [...build.files.values()].filter((file) => file.text.includes(tail));
        expect(tailFiles.map((file) => file.name)).toEqual([expect.any(String)]);
        // The first pick was made with the tail held back, which was fetched after it.
        const served = beforeFirstPick ?? [];
        expect(served.length).toBeGreaterThan(0);
        expect(served).not.toContain(tailFiles[0]!.name);
        expect(requested).toContain(tailFiles[0]!.name);
        const first = total(build, [...new Set(served)]);
        // lexical's budget counts with o200k_base (gpt-4o): cl100k_base's table stays on the server.
        expect(new Set(requested).size).toBeLessThan(all.files);
        rows.push({ entry, bundler, target: 'browser', first, all });
        const nodeFirstPick = nodeFirst.get(entry)!;
        if (entry === 'ai-sdk') {
          expect(firstPick).toEqual(nodeFirstPick);
          return;
        }
        expect(first.gzipped).toBeLessThanOrEqual(FIRST_PICK_GZIPPED);
        // Counted with the head of the table: the same tools as Node, each at least Node's
        // tokens (some more: the page did not wait), all within the budget.
        const split = (list: readonly string[]) => list.map((pick) => pick.split(':'));
        const [pageFirst, inNodeFirst] = [split(firstPick!), split(nodeFirstPick)];
        expect(pageFirst.map(([name]) => name)).toEqual(inNodeFirst.map(([name]) => name));
        const tokens = (list: string[][]) => list.map(([, count]) => Number(count));
        const [pageTokens, nodeTokens] = [tokens(pageFirst), tokens(inNodeFirst)];
        expect(pageTokens.every((count, i) => count >= nodeTokens[i]!)).toBe(true);
        expect(pageTokens).not.toEqual(nodeTokens);
        expect(pageTokens.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(
          defaultMaxTokens,
        );
      }, 120_000);

      it(`${entry} in the Edge Runtime picks as in Node`, async () => {
        const build = builds.get(key(bundler, 'edge', entry))!;
        expect([...build.files.keys()]).toEqual(['entry.js']);
        const code = build.files.get('entry.js')!.text;
        for (const marker of EXACT_TOKENIZER_CODE) expect(code).not.toContain(marker);
        // The edge conditions come before `browser`: the counter waits for its whole table, as in Node.
        expect(countingModules(build)).toEqual(entry === 'core' ? [] : ['counts-progressively.js']);
        const runtime = new EdgeRuntime({ initialCode: code });
        expect(runtime.evaluate<string>('typeof process')).toBe('undefined');
        const json = await runtime.evaluate<Promise<string>>(
          `${GLOBAL_NAME}(${JSON.stringify(catalogue)}, ${JSON.stringify(queries)}).then(JSON.stringify)`,
        );
        expect(JSON.parse(json)).toEqual(node.get(entry));
        const all = total(build);
        rows.push({ entry, bundler, target: 'edge', first: all, all });
      }, 120_000);
    }
  });
}

it('gpt-tokenizer is in a bundle when the user imports it: exact counts as Node loads them by name, by name a typed error', async () => {
  const build = await bundleWith('esbuild', 'edge', 'exact-tokenizer');
  const code = build.files.get('entry.js')!.text;
  expect(code).toContain(EXACT_TOKENIZER_CODE[0]);
  const runtime = new EdgeRuntime({ initialCode: code });
  const call = (byName: string): Promise<string> =>
    runtime.evaluate<Promise<string>>(
      `${GLOBAL_NAME}(${JSON.stringify(catalogue)}, ${JSON.stringify(queries)}${byName}).then(JSON.stringify, (e) => JSON.stringify({ name: e.name, code: e.code, message: e.message }))`,
    );
  const exact = node.get('exact-tokenizer')!;
  expect(exact.flat().length).toBeGreaterThan(0);
  expect(JSON.parse(await call(''))).toEqual(exact);
  expect(JSON.parse(await call(", 'gpt-tokenizer'"))).toMatchObject({
    code: 'plugin-failed',
    message: expect.stringMatching(
      /^gptTokenizer\(\) could not load "gpt-tokenizer\/encoding\/o200k_base": [^.]+\. In a browser or edge bundle, import it yourself/,
    ),
  });
}, 120_000);

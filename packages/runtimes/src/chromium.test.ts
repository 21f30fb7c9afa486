import { existsSync } from 'node:fs';
import { type HttpServer, startHttpServer } from '@shortlist/test-servers';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleRunPicks } from './bundle.js';
import { expectSameAsNode, nodeInput, nodeReport } from './node-reference.js';
import { pageHtml } from './page-html.js';
import type { RuntimeReport } from './run-picks.js';

/** Debian's package (`apt-get install -y chromium`); `.ci/run` installs it. */
const CHROMIUM = process.env.SHORTLIST_CHROMIUM ?? '/usr/bin/chromium';

let server: HttpServer;
let browser: Browser;
let node: RuntimeReport;
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set SHORTLIST_CHROMIUM`,
    );
  }
  // Bundled for the web: a node: import anywhere in the picked packages fails right here.
  const bundle = await bundleRunPicks();
  const input = await nodeInput();
  node = await nodeReport(input);
  const pages: Record<string, { type: string; body: string }> = {
    '/': { type: 'text/html; charset=utf-8', body: pageHtml },
    '/shortlist.js': { type: 'text/javascript; charset=utf-8', body: bundle },
    '/input.json': { type: 'application/json', body: JSON.stringify(input) },
  };
  server = await startHttpServer((request, res) => {
    const page = pages[request.path];
    res.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' });
    res.end(page?.body ?? 'not found');
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-background-networking'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('a page on 127.0.0.1 reports the same picks as Node', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/`);
  const report = page.locator('#report[data-state]');
  await report.waitFor({ timeout: 90_000 });
  const state = await report.getAttribute('data-state');
  const text = (await report.textContent()) ?? '';
  expect(errors).toEqual([]);
  expect(state, text).toBe('done');
  expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
    'undefined',
  );
  await expectSameAsNode(JSON.parse(text) as RuntimeReport, node);
  await page.close();
}, 120_000);

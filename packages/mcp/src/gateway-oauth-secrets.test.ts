import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryExampleStore } from '@shortlist/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInUpstream } from './auth-sign-in.js';
import { serveHttp } from './serve-http.js';
import { httpClient, stdioUpstream, testGateway } from './test-helpers.js';
import {
  completeInBrowser,
  startAuthorizationServer,
  startProtectedUpstream,
} from './test-oauth.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every file under `directory`, as text. */
async function filesUnder(directory: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path, (await readFile(path)).toString('latin1'));
  }
  return files;
}

/** A secret as it could show: as is, lower-cased, and inner slices of its base64 forms. */
const forms = (secret: string) => [
  secret,
  secret.toLowerCase(),
  Buffer.from(secret).toString('base64').slice(4, -4),
  Buffer.from(secret).toString('base64url').slice(4, -4),
];

describe('sign-in secrets', () => {
  it('never shows an issued token in warnings, errors, search_tools or call answers, snapshots or examples', async () => {
    const as = await startAuthorizationServer({ accessTokenSeconds: 2 });
    cleanups.push(() => as.stop());
    const tracker = await startProtectedUpstream(as.issuer, { echoTokens: true });
    cleanups.push(() => tracker.stop());
    const folder = await mkdtemp(join(tmpdir(), 'shortlist-secrets-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const authDirectory = join(folder, 'auth');
    const cacheDirectory = join(folder, 'cache');
    const config = { mcpServers: { tracker: { url: tracker.url.href }, local: stdioUpstream() } };

    const outputs: string[] = [];
    const tokens = new Set<string>();
    const collect = async (path: string) => {
      const stored = JSON.parse(await readFile(path, 'utf8'));
      for (const value of [stored.tokens?.access_token, stored.tokens?.refresh_token])
        if (value) tokens.add(value);
    };
    let browsing: Promise<void> | undefined;
    const signedIn = await signInUpstream({
      config,
      server: 'tracker',
      authDirectory,
      onAuthorizationUrl: (url) => {
        outputs.push(url.href);
        browsing = completeInBrowser(url, url.searchParams.get('redirect_uri')!);
      },
    });
    await browsing;
    outputs.push(JSON.stringify(signedIn));
    await collect(signedIn.path);

    const examples = memoryExampleStore();
    const { gateway, warnings } = await testGateway(config, {
      authDirectory,
      cacheDirectory,
      examples,
    });
    cleanups.push(() => gateway.close());
    const served = await serveHttp(gateway);
    cleanups.push(() => served.close());
    const client = await httpClient(served.url);
    cleanups.push(() => client.close());
    const step = async (name: string, args: Record<string, unknown>) => {
      try {
        outputs.push(JSON.stringify(await client.callTool({ name, arguments: args })));
      } catch (error) {
        outputs.push(String(error), JSON.stringify(error));
      }
    };
    const query = 'which account signed in to the issue tracker';
    await step('search_tools', { query });
    await step('call_tool', { name: 'tracker__whoami', arguments: {} });
    // Expired: refreshed ahead of the call.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await step('call_tool', { name: 'tracker__whoami', arguments: {} });
    await collect(signedIn.path);
    // An upstream failure page that quotes the token it was sent.
    await step('call_tool', { name: 'tracker__report', arguments: {} });
    expect(outputs.slice(-2).join('\n')).toContain('[redacted]');
    // Revoked: the next refresh fails, the upstream refuses (quoting the token), sign-in needed.
    const stored = JSON.parse(await readFile(signedIn.path, 'utf8'));
    await as.revoke(stored.tokens.refresh_token, stored.clientInformation.client_id);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await step('call_tool', { name: 'tracker__whoami', arguments: {} });
    await expect.poll(() => gateway.needsSignIn()).toEqual(['tracker']);
    await step('search_tools', { query });
    await gateway.settled();

    for (const authorization of tracker.authorizations) tokens.add(authorization.slice(7));
    // Two sign-ins' worth at least: the first access and refresh tokens, and their successors.
    expect(tokens.size).toBeGreaterThanOrEqual(4);
    outputs.push(...warnings, JSON.stringify(await examples.readExamples!()));
    const files = await filesUnder(cacheDirectory);
    expect(files.size).toBeGreaterThan(0);
    outputs.push(...files.values());
    expect(outputs.join('\n')).toContain('shortlist mcp login tracker');
    for (const output of outputs) {
      for (const token of tokens) {
        for (const form of forms(token)) expect(output).not.toContain(form);
      }
    }
    // Tokens live only in the sign-in file: user-only, and nothing else left in its folder.
    expect(await readdir(authDirectory)).toEqual([signedIn.path.slice(authDirectory.length + 1)]);
    expect((await stat(signedIn.path)).mode & 0o777).toBe(0o600);
  });
});

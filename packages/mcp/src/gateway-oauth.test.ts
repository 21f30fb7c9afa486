import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInUpstream } from './auth-sign-in.js';
import { createDownstreamServer } from './downstream-server.js';
import type { Gateway } from './gateway.js';
import { firstText, stdioUpstream, testGateway } from './test-helpers.js';
import {
  completeInBrowser,
  startAuthorizationServer,
  startProtectedUpstream,
} from './test-oauth.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An authorization server, an MCP server that needs its tokens, and an empty sign-in folder. */
async function setting(accessTokenSeconds?: number) {
  const as = await startAuthorizationServer({ accessTokenSeconds });
  cleanups.push(() => as.stop());
  const upstream = await startProtectedUpstream(as.issuer);
  cleanups.push(() => upstream.stop());
  const authDirectory = join(await mkdtemp(join(tmpdir(), 'shortlist-auth-')), 'auth');
  cleanups.push(() => rm(join(authDirectory, '..'), { recursive: true, force: true }));
  const config = { mcpServers: { tracker: { url: upstream.url.href }, local: stdioUpstream() } };
  return { as, upstream, authDirectory, config };
}

/** Signs in to "tracker" as the CLI does, the test playing the browser. */
async function login(config: unknown, authDirectory: string) {
  let browsing: Promise<void> | undefined;
  const result = await signInUpstream({
    config,
    server: 'tracker',
    authDirectory,
    onAuthorizationUrl: (url) => {
      browsing = completeInBrowser(url, url.searchParams.get('redirect_uri')!);
    },
  });
  await browsing;
  return result;
}

/** `search_tools` through the SDK's client, as a model's client would call it. */
async function search(gateway: Gateway, query: string) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createDownstreamServer(gateway);
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name: 'search_tools', arguments: { query } });
    return JSON.parse(firstText(result)) as {
      tools: { name: string }[];
      needsSignIn?: Record<string, string>;
    };
  } finally {
    await client.close();
    await server.close();
  }
}

describe('OAuth 2.1 upstreams', () => {
  it('lists an upstream that needs sign-in, signs in through the loopback redirect, and serves it after a restart', async () => {
    const { upstream, authDirectory, config } = await setting();
    const before = await testGateway(config, { authDirectory });
    cleanups.push(() => before.gateway.close());
    expect(before.gateway.needsSignIn()).toEqual(['tracker']);
    expect(before.gateway.tools().map((tool) => tool.name)).not.toContain('tracker__whoami');
    const answer = await search(before.gateway, 'which account signed in to the issue tracker');
    expect(answer.needsSignIn?.tracker).toContain('shortlist mcp login tracker');
    expect(before.warnings.join('\n')).toContain('shortlist mcp login tracker');
    await before.gateway.close();

    const result = await login(config, authDirectory);
    expect(result).toMatchObject({ signedIn: true, tools: 2 });
    expect((await stat(result.path)).mode & 0o777).toBe(0o600);
    expect((await stat(authDirectory)).mode & 0o777).toBe(0o700);

    const after = await testGateway(config, { authDirectory });
    cleanups.push(() => after.gateway.close());
    expect(after.gateway.needsSignIn()).toEqual([]);
    const whoami = await after.gateway.call('tracker__whoami', {});
    expect(firstText(whoami)).toBe('signed in as alice');
    expect(upstream.authorizations.length).toBeGreaterThan(0);
  });

  it('refreshes an expired access token during call_tool, ahead of expiry and on a 401', async () => {
    const { authDirectory, config } = await setting(2);
    const { path } = await login(config, authDirectory);
    const stored = async () => JSON.parse(await readFile(path, 'utf8'));
    const first = (await stored()).tokens.access_token;
    const { gateway } = await testGateway(config, { authDirectory });
    cleanups.push(() => gateway.close());
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(firstText(await gateway.call('tracker__whoami', {}))).toBe('signed in as alice');
    const second = (await stored()).tokens.access_token;
    expect(second).not.toBe(first);

    // The file says the token is fresh, the upstream says it has expired: the 401 refreshes.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await writeFile(
      path,
      JSON.stringify({ ...(await stored()), expiresAt: Date.now() + 3_600_000 }),
    );
    expect(firstText(await gateway.call('tracker__whoami', {}))).toBe('signed in as alice');
    expect((await stored()).tokens.access_token).not.toBe(second);
    expect(gateway.needsSignIn()).toEqual([]);
  });

  it('marks the server as needing sign-in when its refresh token is revoked, and keeps serving the others', async () => {
    const { as, authDirectory, config } = await setting(2);
    const { path } = await login(config, authDirectory);
    const { gateway, warnings } = await testGateway(config, { authDirectory });
    cleanups.push(() => gateway.close());
    expect(gateway.tools().map((tool) => tool.name)).toContain('tracker__whoami');
    const { tokens, clientInformation } = JSON.parse(await readFile(path, 'utf8'));
    await as.revoke(tokens.refresh_token, clientInformation.client_id);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(gateway.call('tracker__whoami', {})).rejects.toThrow(
      /needs sign-in: run `shortlist mcp login tracker`/,
    );
    await expect.poll(() => gateway.needsSignIn()).toEqual(['tracker']);
    await gateway.settled();
    expect(gateway.tools().map((tool) => tool.name)).not.toContain('tracker__whoami');
    expect((await search(gateway, 'echo a message')).needsSignIn?.tracker).toMatch(/login tracker/);
    expect(firstText(await gateway.call('local__echo', { message: 'still here' }))).toContain(
      'still here',
    );
    expect(warnings.filter((warning) => warning.includes('needs sign-in'))).toHaveLength(1);
  });

  it('serves within --start-wait when the authorization server never answers', async () => {
    const { authDirectory, config } = await setting(2);
    const { path } = await login(config, authDirectory);
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const hanging = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const stored = JSON.parse(await readFile(path, 'utf8'));
    stored.expiresAt = Date.now() - 1000;
    stored.discovery.authorizationServerMetadata.token_endpoint = `${hanging}/token`;
    await writeFile(path, JSON.stringify(stored));
    const started = Date.now();
    const { gateway } = await testGateway(config, { authDirectory, startWaitMs: 1000 });
    cleanups.push(() => gateway.close());
    expect(Date.now() - started).toBeLessThan(1000 + 2000);
    await expect
      .poll(() => gateway.tools().map((tool) => tool.name), { timeout: 20_000 })
      .toContain('local__echo');
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mcpInitialize } from '@shortlist/test-servers';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInUpstream } from './auth-sign-in.js';
import { checkHttpOptions } from './check-http-options.js';
import { serveHttp } from './serve-http.js';
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

const staticToken = 'static-token-0123456789abcdef';

/** Signs in to `server` of `config` the standard MCP way, the test playing the browser. */
async function signIn(config: unknown, server: string, authDirectory: string) {
  let browsing: Promise<void> | undefined;
  const result = await signInUpstream({
    config,
    server,
    authDirectory,
    onAuthorizationUrl: (url) => {
      browsing = completeInBrowser(url, url.searchParams.get('redirect_uri')!);
    },
  });
  await browsing;
  const stored = JSON.parse(await readFile(result.path, 'utf8'));
  return { ...result, token: stored.tokens.access_token as string };
}

/** An initialize request with a bearer token, as any MCP client sends first. */
function initialize(url: URL, token?: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: mcpInitialize(),
  });
}

describe('the HTTP gateway as an OAuth protected resource', () => {
  it('accepts tokens its authorization server issued for it, and refuses expired, foreign-audience and forged ones', async () => {
    const as = await startAuthorizationServer({ accessTokenSeconds: 3 });
    cleanups.push(() => as.stop());
    const tracker = await startProtectedUpstream(as.issuer);
    cleanups.push(() => tracker.stop());
    const folder = await mkdtemp(join(tmpdir(), 'shortlist-resource-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const config = { mcpServers: { tracker: { url: tracker.url.href }, local: stdioUpstream() } };
    const gatewayAuth = join(folder, 'gateway');
    const upstreamToken = (await signIn(config, 'tracker', gatewayAuth)).token;

    const { gateway } = await testGateway(config, { authDirectory: gatewayAuth });
    cleanups.push(() => gateway.close());
    const served = await serveHttp(gateway, {
      token: staticToken,
      authorization: { issuer: as.issuer, scopes: ['tools'] },
    });
    cleanups.push(() => served.close());
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', served.url);
    expect(await (await fetch(metadataUrl)).json()).toMatchObject({
      resource: served.url.href,
      authorization_servers: [as.issuer],
    });

    const missing = await initialize(served.url);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain(
      `resource_metadata="${metadataUrl.href}"`,
    );

    // A client signs in to the gateway as to any MCP server: 401, metadata, registration, PKCE.
    const client = await signIn(
      { mcpServers: { gateway: { url: served.url.href } } },
      'gateway',
      join(folder, 'client'),
    );
    expect(client.tools).toBe(2);
    const session = new Client({ name: 'test-client', version: '1.0.0' });
    await session.connect(
      new StreamableHTTPClientTransport(served.url, {
        requestInit: { headers: { authorization: `Bearer ${client.token}` } },
      }),
    );
    const called = await session.callTool({
      name: 'call_tool',
      arguments: { name: 'tracker__whoami', arguments: {} },
    });
    expect(firstText(called)).toBe('signed in as alice');
    await session.close();
    // The upstream saw the gateway's own token, never the client's.
    expect(tracker.authorizations).toContain(`Bearer ${upstreamToken}`);
    expect(tracker.authorizations.join('\n')).not.toContain(client.token);

    const refused = async (token: string, reason: RegExp) => {
      const response = await initialize(served.url, token);
      expect(response.status).toBe(401);
      const header = response.headers.get('www-authenticate') ?? '';
      expect(header).toMatch(/^Bearer error="invalid_token"/);
      expect(header).toMatch(reason);
      expect(header).toContain(`resource_metadata="${metadataUrl.href}"`);
      expect(`${header}${await response.text()}`).not.toContain(token);
    };
    await refused(upstreamToken, /issued for another resource/);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT({ scope: 'tools', client_id: 'forger' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test', typ: 'at+jwt' })
      .setIssuer(as.issuer)
      .setAudience(served.url.href)
      .setSubject('mallory')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    await refused(forged, /not signed by the authorization server/);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await refused(client.token, /has expired/);

    // The static token still opens a session beside OAuth.
    expect((await initialize(served.url, staticToken)).status).toBe(200);
  });

  it('lets an authorization server stand in for the static token beyond loopback, and refuses one that is not a URL', () => {
    expect(() =>
      checkHttpOptions({ host: '0.0.0.0', authorization: { issuer: 'https://id.example.com' } }),
    ).not.toThrow();
    expect(() => checkHttpOptions({ authorization: { issuer: 'id.example.com' } })).toThrow(
      'authorization.issuer must be an http(s) URL, got "id.example.com"',
    );
    expect(() =>
      checkHttpOptions({
        authorization: { issuer: 'https://id.example.com', resource: 'ftp://gateway' },
      }),
    ).toThrow('authorization.resource must be an http(s) URL');
  });
});

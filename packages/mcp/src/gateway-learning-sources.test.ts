import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type MemoryExampleStore, memoryExampleStore } from '@shortlist/core';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp } from './serve-http.js';
import { firstText, foundNames, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const teamTools = fileURLToPath(new URL('../test-servers/team-tools.jsonl', import.meta.url));
const config = {
  mcpServers: { hub: stdioUpstream(), team: stdioUpstream(['--tools-file', teamTools]) },
};
/** Honest users' words: none in common with `team__scan_secrets`, which they then call. */
const asked = 'did anyone leak an API key';
/** A later request like theirs, from someone else. */
const later = 'did someone leak our API key?';
const scanner = 'team__scan_secrets';
/** The tool crafted feedback pushes for that request: nothing to do with it. */
const target = 'hub__render_chart';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * An HTTP gateway that accepts access tokens of an issuer whose key set a loopback server
 * publishes; `session(subject)` opens a new MCP session signed in as that user.
 */
async function signedInGateway() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const keys = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => keys.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        keys.closeAllConnections();
        keys.close(() => resolve());
      }),
  );
  const issuer = `http://127.0.0.1:${(keys.address() as AddressInfo).port}`;
  const store = memoryExampleStore();
  const { gateway } = await testGateway(config, { examples: store });
  cleanups.push(() => gateway.close());
  const http = await serveHttp(gateway, {
    authorization: { issuer, jwksUri: `${issuer}/jwks` },
  });
  cleanups.push(() => http.close());
  const session = async (subject: string) => {
    const token = await new SignJWT({ scope: 'tools', client_id: 'one-app-for-everyone' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(http.url.href)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(http.url, {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    cleanups.push(() => client.close());
    return client;
  };
  return { session, store };
}

const search = async (client: Client, query: string, request?: string) =>
  foundNames(
    await client.callTool({
      name: 'search_tools',
      arguments: { query, ...(request === undefined ? {} : { request }) },
    }),
  );
const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name: 'call_tool', arguments: { name, arguments: args } });

/** The tools a store holds examples of, in order of name. */
const taughtTools = async (store: MemoryExampleStore) =>
  [...new Set((await store.readExamples()).map((example) => example.tool))].sort();

/** One honest conversation: the user's words, then the scanner they lead to, called. */
async function honest(client: Client) {
  expect(await search(client, asked)).toContain(scanner);
  expect(firstText(await call(client, scanner, { repository: 'web' }))).toBe('ran scan_secrets');
}

/** One crafted conversation: a search that offers the target beside a request like others', then a call of it. */
async function crafted(client: Client, i: number) {
  const request = `${['did', 'has', 'could'][i % 3]} someone leak our API key${'?'.repeat(i % 4)}`;
  expect(await search(client, 'render a bar chart', request)).toContain(target);
  expect((await call(client, target)).isError).not.toBe(true);
}

describe('learning sources over OAuth: one signed-in user is one source, however many sessions', () => {
  it("one client's crafted feedback over 30 sessions moves its own picks, never another user's", async () => {
    const { session, store } = await signedInGateway();
    for (const user of ['alice', 'bob', 'carol']) await honest(await session(user));
    for (let i = 0; i < 30; i++) await crafted(await session('mallory'), i);
    await expect.poll(() => taughtTools(store)).toEqual([target, scanner]);

    // Mallory's sessions are one source: in a new one, her own history puts her tool first.
    expect((await search(await session('mallory'), later))[0]).toBe(target);
    // Everyone else still gets the tool honest users called, and the target nowhere near the top.
    for (const user of ['dave', 'erin', 'alice']) {
      const found = await search(await session(user), later);
      expect(found[0]).toBe(scanner);
    }
  });

  it('the same feedback from thirty users does count: sources are users, not sessions', async () => {
    const { session, store } = await signedInGateway();
    for (const user of ['alice', 'bob', 'carol']) await honest(await session(user));
    for (let i = 0; i < 30; i++) await crafted(await session(`user-${i}`), i);
    await expect.poll(() => taughtTools(store)).toEqual([target, scanner]);
    expect((await search(await session('dave'), later))[0]).toBe(target);
  });
});

import { InvalidArgumentError } from '@shortlist/core';
import { mcpInitialize, sendMcpRequest } from '@shortlist/test-servers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpOptions, serveHttp } from './serve-http.js';
import { foundNames, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: HttpOptions) {
  const { gateway } = await testGateway({ mcpServers: { hub: stdioUpstream() } });
  cleanups.push(() => gateway.close());
  const served = await serveHttp(gateway, options);
  cleanups.push(() => served.close());
  return served;
}

const initialize = (url: URL) => sendMcpRequest(url, { body: mcpInitialize('flood') });

const ping = (url: URL, session: string) =>
  sendMcpRequest(url, {
    headers: { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  });

describe('HTTP sessions', () => {
  it('refuses sessions past maxSessions with a typed JSON-RPC error, and live ones keep working', async () => {
    const served = await start({ maxSessions: 5 });
    const client = await httpClient(served.url);
    cleanups.push(() => client.close());

    const flood = await Promise.all(Array.from({ length: 40 }, () => initialize(served.url)));
    const accepted = flood.filter((answer) => answer.status === 200);
    const refused = flood.filter((answer) => answer.status !== 200);
    expect(accepted).toHaveLength(4);
    expect(refused).toHaveLength(36);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: expect.stringMatching(/at most 5 sessions.*DELETE/),
          data: { reason: 'session-limit', maxSessions: 5 },
        },
      });
    }
    expect(served.sessions).toBe(5);

    // The session that was there first is served as before.
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'echo' } });
    expect(foundNames(found)).toContain('hub__echo');

    // Closing a session frees its place.
    const closed = await sendMcpRequest(served.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': accepted[0]!.session!, 'mcp-protocol-version': '2025-06-18' },
    });
    expect(closed.status).toBe(200);
    expect(served.sessions).toBe(4);
    expect((await initialize(served.url)).status).toBe(200);
    expect((await initialize(served.url)).status).toBe(503);
  });

  it('closes sessions idle longer than sessionIdleMs and frees their place', async () => {
    const served = await start({ maxSessions: 2, sessionIdleMs: 300 });
    const idle = await initialize(served.url);
    expect(idle.status).toBe(200);
    const busy = await httpClient(served.url);
    cleanups.push(() => busy.close());
    expect(served.sessions).toBe(2);

    // A session in use is not idle: keep one busy while the other expires.
    while (served.sessions === 2) {
      await busy.ping();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(served.sessions).toBe(1);
    const late = await ping(served.url, idle.session!);
    expect(late.status).toBe(404);
    expect(late.body).toMatch(/unknown or expired session/);
    expect(
      foundNames(await busy.callTool({ name: 'search_tools', arguments: { query: 'echo' } })),
    ).toContain('hub__echo');
    expect((await initialize(served.url)).status).toBe(200);
  });

  it('rejects a session cap or idle time that is not a positive number', async () => {
    const { gateway } = await testGateway({ mcpServers: { hub: stdioUpstream() } });
    cleanups.push(() => gateway.close());
    for (const options of [
      { maxSessions: 0 },
      { maxSessions: 1.5 },
      { sessionIdleMs: -1 },
      { sessionIdleMs: Number.NaN },
    ]) {
      await expect(serveHttp(gateway, options)).rejects.toSatisfy(InvalidArgumentError.isInstance);
    }
  });
});

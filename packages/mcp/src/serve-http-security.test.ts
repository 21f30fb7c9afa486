import { networkInterfaces } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InvalidArgumentError } from '@shortlist/core';
import { mcpInitialize, sendMcpRequest } from '@shortlist/test-servers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway } from './gateway.js';
import { type HttpGateway, serveHttp } from './serve-http.js';
import { httpUpstream, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const token = 'a-test-token-0123456789abcdef';
/** A raw initialize POST, so tests can send the Host and Origin headers a browser or attacker would. */
async function post(url: URL, headers: Record<string, string>): Promise<number> {
  return (await sendMcpRequest(url, { headers, body: mcpInitialize() })).status;
}

describe('HTTP security', () => {
  let gateway: Gateway;
  let served: HttpGateway;

  beforeAll(async () => {
    ({ gateway } = await testGateway({ mcpServers: { hub: stdioUpstream() } }));
    served = await serveHttp(gateway, { token });
  });
  afterAll(async () => {
    await served?.close();
    await gateway?.close();
  });

  it('binds loopback only by default', async () => {
    expect(served.url.hostname).toBe('127.0.0.1');
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (external) {
      const outside = new URL(served.url);
      outside.hostname = external.address;
      await expect(post(outside, { authorization: `Bearer ${token}` })).rejects.toThrow(
        /ECONNREFUSED/,
      );
    }
  });

  it('requires the bearer token when one is set', async () => {
    expect(await post(served.url, {})).toBe(401);
    expect(await post(served.url, { authorization: 'Bearer wrong-token-0123456789abcd' })).toBe(
      401,
    );
    expect(await post(served.url, { authorization: `Bearer ${token}` })).toBe(200);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(served.url, {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    expect((await client.listTools()).tools).toHaveLength(2);
    await client.close();
  });

  it('refuses foreign Origin and Host headers (DNS rebinding)', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect(await post(served.url, { ...auth, origin: 'http://evil.example' })).toBe(403);
    expect(await post(served.url, { ...auth, origin: `http://localhost:${served.url.port}` })).toBe(
      200,
    );
    expect(await post(served.url, { ...auth, host: `evil.example:${served.url.port}` })).toBe(403);
  });

  it('rejects a short token with a typed error', async () => {
    await expect(serveHttp(gateway, { token: 'short' })).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
  });
});

describe('secrets', () => {
  it('keeps upstream header and env values out of warnings and errors', async () => {
    const upstream = await httpUpstream(['--reject-auth']);
    const secret = 'sk-live-do-not-print-4242';
    const { gateway, warnings } = await testGateway({
      mcpServers: {
        remote: { url: upstream.url, headers: { Authorization: `Bearer ${secret}` } },
        local: stdioUpstream(['--prefix', 'x_'], { SECRET_TOKEN: secret }),
      },
    });
    try {
      const about = warnings.filter((warning) => warning.includes('upstream "remote"'));
      expect(about.length).toBeGreaterThan(0);
      expect(about[0]).toContain('[redacted]');
      for (const warning of warnings) expect(warning).not.toContain(secret);
      const error = await gateway.call('remote__echo', {}).catch((caught: Error) => caught);
      expect(String(error)).not.toContain(secret);
    } finally {
      await gateway.close();
      await upstream.stop();
    }
  });
});

import { InvalidArgumentError } from '@shortlist/core';
import { mcpInitialize, sendMcpRequest } from '@shortlist/test-servers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway } from './gateway.js';
import { type HttpGateway, serveHttp } from './serve-http.js';
import { stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const token = 'a-test-token-0123456789abcdef';

/** A raw initialize POST to 127.0.0.1 with the given Host header (none when undefined). */
async function postWithHost(url: URL, host: string | undefined): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const body = mcpInitialize();
  return (await sendMcpRequest(url, { address: '127.0.0.1', host: host ?? false, headers, body }))
    .status;
}

describe('HTTP binds and Host headers', () => {
  let gateway: Gateway;
  const served: HttpGateway[] = [];

  beforeAll(async () => {
    ({ gateway } = await testGateway({ mcpServers: { hub: stdioUpstream() } }));
  });
  afterAll(async () => {
    for (const one of served) await one.close();
    await gateway?.close();
  });

  it('refuses to bind beyond loopback without a token, saying to set one', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1', 'gateway.example']) {
      const error = await serveHttp(gateway, { host }).catch((caught: unknown) => caught);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        argument: 'token',
        message: expect.stringMatching(/exposes the gateway to the network; set a bearer token/),
      });
    }
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      served.push(await serveHttp(gateway, { host }));
    }
  });

  it('checks Host on a bind to every interface: loopback names, own addresses and allowedHosts pass', async () => {
    const wide = await serveHttp(gateway, {
      host: '0.0.0.0',
      token,
      allowedHosts: ['gateway.internal'],
    });
    served.push(wide);
    const port = wide.url.port;
    expect(await postWithHost(wide.url, `evil.example:${port}`)).toBe(403);
    expect(await postWithHost(wide.url, 'evil.example')).toBe(403);
    expect(await postWithHost(wide.url, `127.0.0.1:${port}`)).toBe(200);
    expect(await postWithHost(wide.url, `localhost:${port}`)).toBe(200);
    expect(await postWithHost(wide.url, `LOCALHOST:${port}`)).toBe(200);
    expect(await postWithHost(wide.url, `gateway.internal:${port}`)).toBe(200);
    expect(await postWithHost(wide.url, 'gateway.internal')).toBe(200);
    expect(await postWithHost(wide.url, `localhost:${Number(port) + 1}`)).toBe(403);
  });

  it('answers 400, not 500, to a malformed or missing Host header, on loopback too', async () => {
    const local = await serveHttp(gateway, { token });
    served.push(local);
    for (const host of ['[zz', 'a b', 'evil.example:1:2', 'x/y', 'h:99999999', '']) {
      expect(await postWithHost(local.url, host)).toBe(400);
    }
    expect(await postWithHost(local.url, undefined)).toBe(400);
    expect(await postWithHost(local.url, `evil.example:${local.url.port}`)).toBe(403);
    expect(await postWithHost(local.url, `127.0.0.1:${local.url.port}`)).toBe(200);
  });
});

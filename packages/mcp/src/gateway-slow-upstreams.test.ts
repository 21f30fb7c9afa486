import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModeOptions } from './mode-options.js';
import { serveHttp } from './serve-http.js';
import { firstText, foundNames, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(config: unknown, options: Parameters<typeof testGateway>[1] = {}) {
  const started = await testGateway(config, options);
  cleanups.push(() => started.gateway.close());
  const connect = async (mode: ModeOptions = {}) => {
    const served = await serveHttp(started.gateway, mode);
    cleanups.push(() => served.close());
    const client = await httpClient(served.url);
    cleanups.push(() => client.close());
    return client;
  };
  return { ...started, connect };
}

const search = async (client: Awaited<ReturnType<typeof httpClient>>, query: string) =>
  JSON.parse(
    firstText(await client.callTool({ name: 'search_tools', arguments: { query, limit: 20 } })),
  ) as { tools: { name: string }[]; connecting?: string[] };

describe('slow upstreams', () => {
  it('serves a fast upstream while a slow one starts, then adds the slow one with list_changed', async () => {
    const { gateway, warnings, connect } = await start(
      {
        mcpServers: {
          fast: stdioUpstream(),
          // Reads nothing, so answers no initialize, for 7 s (within the 10 s connect timeout): long enough for the fast one to
          // connect even on a loaded machine.
          slow: stdioUpstream(['--delay-initialize', '7000']),
        },
      },
      { startWaitMs: 200 },
    );
    expect(warnings).toContain(
      'upstream "slow" is still connecting after 200 ms; serving the others, its tools join when it connects',
    );
    // The fast upstream may itself take more than 200 ms to start on a loaded machine.
    await expect.poll(() => gateway.connecting(), { timeout: 6_000 }).toEqual(['slow']);
    const searcher = await connect();
    const lister = await connect({ mode: 'filter', allow: ['*'] });
    let announced = 0;
    lister.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      announced++;
    });

    const before = await search(searcher, 'echo a message back');
    expect(before.connecting).toEqual(['slow']);
    expect(before.tools.map((tool) => tool.name)).toContain('fast__echo');
    expect(before.tools.map((tool) => tool.name)).not.toContain('slow__echo');
    const listed = (await lister.listTools()).tools.map((tool) => tool.name);
    expect(listed).toContain('fast__echo');
    expect(listed.some((name) => name.startsWith('slow__'))).toBe(false);
    expect(announced).toBe(0);

    await expect.poll(() => announced, { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await lister.listTools()).tools.map((tool) => tool.name)).toContain('slow__echo');
    const after = await search(searcher, 'echo a message back');
    expect(after.connecting).toBeUndefined();
    expect(after.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['fast__echo', 'slow__echo']),
    );
    expect(gateway.connecting()).toEqual([]);
    const echoed = await searcher.callTool({
      name: 'call_tool',
      arguments: { name: 'slow__echo', arguments: { message: 'late but here' } },
    });
    expect(firstText(echoed)).toBe('late but here');
  });

  it('reports an upstream that does not connect within connectTimeoutMs and retries it in the background', async () => {
    const { gateway, warnings, connect } = await start(
      {
        mcpServers: {
          fast: stdioUpstream(),
          hung: stdioUpstream(['--delay-initialize', '600000']),
        },
      },
      // Long enough for the fast one to start on a loaded machine.
      { connectTimeoutMs: 3000, startWaitMs: 20_000, maxReconnectDelayMs: 100 },
    );
    // Its first attempt timed out within the start wait: served without it, named as connecting.
    expect(gateway.connecting()).toEqual(['hung']);
    expect(warnings[0]).toBe(
      'upstream "hung": did not connect within 3000 ms (connectTimeoutMs, shortlist mcp: --connect-timeout); the other upstreams are served, and this one is retried in the background',
    );
    const client = await connect();
    expect(
      foundNames(
        await client.callTool({ name: 'search_tools', arguments: { query: 'add two numbers' } }),
      ),
    ).toContain('fast__add_numbers');
    await expect
      .poll(() => warnings.filter((warning) => warning.includes('did not connect within')).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(1);
  });

  it('refuses a connectTimeoutMs or startWaitMs that is not a duration', async () => {
    const config = { mcpServers: { fast: stdioUpstream() } };
    await expect(testGateway(config, { connectTimeoutMs: 0 })).rejects.toThrow(
      'createGateway: connectTimeoutMs must be a positive number of milliseconds, got 0',
    );
    await expect(testGateway(config, { startWaitMs: -1 })).rejects.toThrow(
      'createGateway: startWaitMs must be a number of milliseconds, 0 or more, got -1',
    );
  });
});

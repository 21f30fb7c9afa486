import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { budget } from '@shortlist/budget';
import { pipe } from '@shortlist/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp } from './serve-http.js';
import {
  countingBm25,
  firstText,
  foundNames,
  httpClient,
  stdioUpstream,
  testGateway,
} from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(config: unknown, options: Parameters<typeof testGateway>[1] = {}) {
  const started = await testGateway(config, options);
  cleanups.push(() => started.gateway.close());
  const served = await serveHttp(started.gateway);
  cleanups.push(() => served.close());
  const client = await httpClient(served.url);
  cleanups.push(() => client.close());
  return { ...started, served, client };
}

const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name: 'call_tool', arguments: { name, arguments: args } });

async function eventually<T>(attempt: () => Promise<T>, tries = 200): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await attempt();
    } catch (error) {
      last = error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw last;
}

describe('upstream faults', () => {
  it('answers a call whose upstream crashes with an MCP error naming it, lives on, and reconnects', async () => {
    const { client, gateway } = await start({
      mcpServers: { flaky: stdioUpstream(), steady: stdioUpstream() },
    });
    const crash = call(client, 'flaky__crash_server');
    await expect(crash).rejects.toBeInstanceOf(McpError);
    await expect(crash).rejects.toThrow(
      'MCP error -32000: upstream "flaky" failed calling "crash_server": Connection closed',
    );
    expect(firstText(await call(client, 'steady__echo', { message: 'still here' }))).toBe(
      'still here',
    );
    expect(
      foundNames(await client.callTool({ name: 'search_tools', arguments: { query: 'echo' } })),
    ).not.toHaveLength(0);
    const back = await eventually(() => call(client, 'flaky__echo', { message: 'back' }));
    expect(firstText(back)).toBe('back');
    expect(gateway.size).toBe(22);
  });

  it('starts with the upstreams that work when one cannot start, and keeps retrying it', async () => {
    const { client, gateway, warnings } = await start(
      { mcpServers: { broken: { command: '/nonexistent/mcp-server' }, fine: stdioUpstream() } },
      { maxReconnectDelayMs: 100 },
    );
    expect(gateway.size).toBe(11);
    expect(firstText(await call(client, 'fine__echo', { message: 'up' }))).toBe('up');
    await expect
      .poll(
        () => warnings.filter((w) => w.startsWith('upstream "broken": could not connect')).length,
      )
      .toBeGreaterThan(1);
  });

  it('times out a call that hangs, naming the upstream, and keeps serving', async () => {
    const { client } = await start(
      { mcpServers: { slow: stdioUpstream() } },
      { callTimeoutMs: 300 },
    );
    const hang = call(client, 'slow__hang_forever');
    await expect(hang).rejects.toThrow(
      /upstream "slow" failed calling "hang_forever": Request timed out/,
    );
    await expect(hang).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    expect(firstText(await call(client, 'slow__echo', { message: 'ok' }))).toBe('ok');
  });

  it('follows list_changed during searches by adding and removing, never rebuilding', async () => {
    const { ranker, counts } = countingBm25();
    const pipeline = pipe(ranker).pack(budget(4000));
    const { client, gateway } = await start({ mcpServers: { hub: stdioUpstream() } }, { pipeline });
    const searches = Array.from({ length: 200 }, (_, i) =>
      client.callTool({
        name: 'search_tools',
        arguments: { query: i % 2 ? 'convert temperatures' : 'echo message' },
      }),
    );
    for (let round = 0; round < 5; round++) {
      await call(client, 'hub__install_plugin', { name: `p${round}` });
      if (round % 2) await call(client, 'hub__uninstall_plugin', { name: `p${round - 1}` });
    }
    const results = await Promise.all(searches);
    expect(
      results.every(
        (result) => !result.isError && Array.isArray(JSON.parse(firstText(result)).tools),
      ),
    ).toBe(true);
    await eventually(async () => {
      await gateway.settled();
      expect(
        gateway
          .tools()
          .map((tool) => tool.name)
          .filter((name) => name.includes('plugin_p')),
      ).toEqual(['hub__plugin_p1', 'hub__plugin_p3', 'hub__plugin_p4']);
    });
    const found = foundNames(
      await client.callTool({
        name: 'search_tools',
        arguments: { query: 'plugin p4 convert temperatures celsius' },
      }),
    );
    expect(found[0]).toBe('hub__plugin_p4');
    expect(found).not.toContain('hub__plugin_p0');
    expect(found).not.toContain('hub__plugin_p2');
    expect(counts.index).toBe(1);
    expect(counts.add).toBeGreaterThan(0);
    expect(counts.remove).toBeGreaterThan(0);
  });

  it('skips a tool with a malformed schema with one warning and serves the rest', async () => {
    const { client, gateway, warnings } = await start({
      mcpServers: { odd: stdioUpstream(['--malformed']) },
    });
    await call(client, 'odd__install_plugin', { name: 'x' });
    await eventually(async () => expect(gateway.entry('odd__plugin_x')).toBeDefined());
    const about = warnings.filter((warning) => warning.includes('broken_schema'));
    expect(about).toHaveLength(1);
    expect(about[0]).toMatch(
      /upstream "odd": skipped "broken_schema": malformed definition \(inputSchema/,
    );
    expect(gateway.entry('odd__broken_schema')).toBeUndefined();
    expect(firstText(await call(client, 'odd__echo', { message: 'fine' }))).toBe('fine');
  });

  it('reads every page of a paginated tools/list', async () => {
    const { gateway, client } = await start({
      mcpServers: { paged: stdioUpstream(['--generated', '40', '--page-size', '7']) },
    });
    expect(gateway.size).toBe(51);
    expect(firstText(await call(client, 'paged__generated_39', { id: 'x' }))).toBe(
      'ran generated_39',
    );
  });

  it('answers 1,000 concurrent search_tools calls over HTTP, none lost', async () => {
    const { client } = await start({ mcpServers: { many: stdioUpstream(['--generated', '200']) } });
    const queries = Array.from(
      { length: 1000 },
      (_, i) => `handles ${['invoices', 'tickets', 'calendars'][i % 3]} for team ${i % 97}`,
    );
    const results = await Promise.all(
      queries.map((query) =>
        client.callTool({ name: 'search_tools', arguments: { query, limit: 3 } }),
      ),
    );
    expect(results).toHaveLength(1000);
    results.forEach((result, i) => {
      const names = foundNames(result);
      expect(names.length).toBeGreaterThan(0);
      // Each answer is the one for its own query: its top tool is for that query's team.
      const team = i % 97;
      const top = Number(names[0]!.replace('many__generated_', ''));
      expect(top % 97).toBe(team);
    });
  });
});

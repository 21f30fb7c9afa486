import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Gateway } from './gateway.js';
import { serveHttp } from './serve-http.js';
import { firstText, foundNames, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The gateway serves the upstream's ordinary tools, and a client can search and call them. */
async function serves(gateway: Gateway) {
  cleanups.push(() => gateway.close());
  const served = await serveHttp(gateway);
  cleanups.push(() => served.close());
  const client = await httpClient(served.url);
  cleanups.push(() => client.close());
  expect(gateway.entry('odd__echo')).toBeDefined();
  const called = await client.callTool({
    name: 'call_tool',
    arguments: { name: 'odd__echo', arguments: { message: 'fine' } },
  });
  expect(firstText(called)).toBe('fine');
  for (const query of ['echo a message', 'a tool nested deep with very many properties']) {
    const found = await client.callTool({ name: 'search_tools', arguments: { query, limit: 50 } });
    expect(found.isError).toBeFalsy();
    expect(foundNames(found).length).toBeGreaterThan(0);
  }
}

describe('upstream schema limits', () => {
  it('skips a tool whose schema nests 4,000 levels with a warning, and serves the rest', async () => {
    const { gateway, warnings } = await testGateway({
      mcpServers: { odd: stdioUpstream(['--deep', '4000']) },
    });
    await serves(gateway);
    expect(gateway.entry('odd__deep_schema')).toBeUndefined();
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^upstream "odd": skipped "deep_schema": its definition nests deeper than 100 levels/,
      ),
    );
  });

  it('does so with a snapshot cache too, where the tools are hashed', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-limits-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const { gateway } = await testGateway(
      { mcpServers: { odd: stdioUpstream(['--deep', '4000']) } },
      { cacheDirectory: directory },
    );
    await serves(gateway);
    expect(gateway.entry('odd__deep_schema')).toBeUndefined();
  });

  it('skips a tool whose definition is larger than 1,000,000 characters', async () => {
    const { gateway, warnings } = await testGateway({
      mcpServers: { odd: stdioUpstream(['--wide', '60000']) },
    });
    await serves(gateway);
    expect(gateway.entry('odd__wide_schema')).toBeUndefined();
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^upstream "odd": skipped "wide_schema": its definition is larger than 1000000 characters/,
      ),
    );
  });

  it('keeps a tool nested 40 levels, as real schemas can be', async () => {
    const { gateway, warnings } = await testGateway({
      mcpServers: { odd: stdioUpstream(['--deep', '40']) },
    });
    await serves(gateway);
    expect(gateway.entry('odd__deep_schema')).toBeDefined();
    expect(warnings).toEqual([]);
  });
});

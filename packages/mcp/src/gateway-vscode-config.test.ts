import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp } from './serve-http.js';
import {
  firstText,
  foundNames,
  httpClient,
  httpUpstream,
  stdioUpstream,
  testGateway,
} from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("VS Code's mcp.json", () => {
  it('serves stdio, Streamable HTTP and SSE servers from a "servers" config', async () => {
    const streamable = await httpUpstream();
    cleanups.push(() => streamable.stop());
    const sse = await httpUpstream(['--sse']);
    cleanups.push(() => sse.stop());
    const { gateway, warnings } = await testGateway({
      inputs: [{ type: 'promptString', id: 'unused', description: 'Not referred to' }],
      servers: {
        local: { type: 'stdio', ...stdioUpstream() },
        remote: { type: 'http', url: streamable.url },
        legacy: { type: 'sse', url: sse.url, headers: { 'x-client': 'shortlist-test' } },
      },
    });
    cleanups.push(() => gateway.close());
    expect(warnings).toEqual([]);
    expect(gateway.size).toBe(33);
    const served = await serveHttp(gateway);
    cleanups.push(() => served.close());
    const client = await httpClient(served.url);
    cleanups.push(() => client.close());
    const found = foundNames(
      await client.callTool({
        name: 'search_tools',
        arguments: { query: 'add two numbers and return the sum', limit: 3 },
      }),
    );
    expect(found.sort()).toEqual([
      'legacy__add_numbers',
      'local__add_numbers',
      'remote__add_numbers',
    ]);
    for (const server of ['local', 'remote', 'legacy']) {
      const result = await client.callTool({
        name: 'call_tool',
        arguments: { name: `${server}__echo`, arguments: { message: `via ${server}` } },
      });
      expect(firstText(result)).toBe(`via ${server}`);
    }
  });
});

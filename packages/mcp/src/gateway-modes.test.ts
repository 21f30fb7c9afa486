import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway } from './gateway.js';
import type { ModeOptions } from './mode-options.js';
import { serveHttp } from './serve-http.js';
import { firstText, foundNames, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let gateway: Gateway;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ({ gateway } = await testGateway({ mcpServers: { hub: stdioUpstream() } }));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await gateway?.close();
});

async function connect(options: ModeOptions) {
  const served = await serveHttp(gateway, options);
  const client = await httpClient(served.url);
  cleanups.push(
    () => served.close(),
    () => client.close(),
  );
  return client;
}

const names = (tools: { name: string }[]) => tools.map((tool) => tool.name);

describe('dynamic mode', () => {
  it('adds what search_tools found to tools/list, announces it, and evicts the least recently used', async () => {
    const client = await connect({ mode: 'dynamic', dynamicLimit: 3 });
    let announced = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      announced++;
    });
    expect(names((await client.listTools()).tools)).toEqual(['search_tools', 'call_tool']);

    const found = foundNames(
      await client.callTool({
        name: 'search_tools',
        arguments: { query: 'echo a message', limit: 1 },
      }),
    );
    expect(found).toEqual(['hub__echo']);
    await expect.poll(() => announced).toBe(1);
    expect(names((await client.listTools()).tools)).toEqual([
      'search_tools',
      'call_tool',
      'hub__echo',
    ]);
    const echoed = await client.callTool({ name: 'hub__echo', arguments: { message: 'direct' } });
    expect(firstText(echoed)).toBe('direct');

    await client.callTool({
      name: 'search_tools',
      arguments: { query: 'add two numbers', limit: 1 },
    });
    await client.callTool({
      name: 'search_tools',
      arguments: { query: 'render a bar chart image', limit: 1 },
    });
    // echo was used most recently by its direct call, so add_numbers is the oldest when a 4th arrives.
    await client.callTool({ name: 'hub__echo', arguments: { message: 'again' } });
    await client.callTool({
      name: 'search_tools',
      arguments: { query: 'delete a file', limit: 1 },
    });
    expect(names((await client.listTools()).tools)).toEqual([
      'search_tools',
      'call_tool',
      'hub__render_chart',
      'hub__echo',
      'hub__delete_file',
    ]);
    await expect(
      client.callTool({ name: 'hub__add_numbers', arguments: { a: 1, b: 2 } }),
    ).rejects.toThrow(/unknown tool "hub__add_numbers"; call search_tools/);
    // call_tool still reaches every tool.
    const sum = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'hub__add_numbers', arguments: { a: 1, b: 2 } },
    });
    expect(firstText(sum)).toBe('3');
  });

  it("keeps each client's exposed tools to itself", async () => {
    const first = await connect({ mode: 'dynamic' });
    const second = await connect({ mode: 'dynamic' });
    await first.callTool({
      name: 'search_tools',
      arguments: { query: 'echo a message', limit: 1 },
    });
    expect(names((await first.listTools()).tools)).toContain('hub__echo');
    expect(names((await second.listTools()).tools)).toEqual(['search_tools', 'call_tool']);
  });
});

describe('filter mode', () => {
  it('serves a fixed list from an allow-list with prefix patterns, and only those tools', async () => {
    const client = await connect({ mode: 'filter', allow: ['hub__echo', 'hub__add_*'] });
    expect(names((await client.listTools()).tools).sort()).toEqual([
      'hub__add_numbers',
      'hub__echo',
    ]);
    expect(
      firstText(await client.callTool({ name: 'hub__add_numbers', arguments: { a: 2, b: 3 } })),
    ).toBe('5');
    await expect(client.callTool({ name: 'hub__delete_file', arguments: {} })).rejects.toThrow(
      /unknown tool "hub__delete_file"; this gateway serves only the tools in tools\/list/,
    );
    await expect(
      client.callTool({ name: 'search_tools', arguments: { query: 'x' } }),
    ).rejects.toThrow(/unknown tool/);
  });

  it('serves the tools that best fit a query', async () => {
    const client = await connect({
      mode: 'filter',
      filterQuery: 'plugins: install or uninstall a plugin',
      filterLimit: 2,
    });
    expect(names((await client.listTools()).tools).sort()).toEqual([
      'hub__install_plugin',
      'hub__uninstall_plugin',
    ]);
  });
});

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway } from './gateway.js';
import { type HttpGateway, serveHttp } from './serve-http.js';
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

describe('search mode over Streamable HTTP, with a stdio and an HTTP upstream', () => {
  let upstream: Awaited<ReturnType<typeof httpUpstream>>;
  let gateway: Gateway;
  let served: HttpGateway;
  let client: Client;

  beforeAll(async () => {
    upstream = await httpUpstream(['--prefix', 'remote_']);
    ({ gateway } = await testGateway({
      mcpServers: { local: stdioUpstream(), web: { url: upstream.url } },
    }));
    served = await serveHttp(gateway);
    client = await httpClient(served.url);
  });
  afterAll(async () => {
    await client?.close();
    await served?.close();
    await gateway?.close();
    await upstream?.stop();
  });

  it('lists only search_tools and call_tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
  });

  it('answers a request no tool fits (another language) with no tools and a note saying so', async () => {
    const result = await client.callTool({
      name: 'search_tools',
      arguments: { query: '¿qué tiempo hará mañana en Madrid?' },
    });
    expect(result.isError).toBeFalsy();
    const answer = JSON.parse(firstText(result));
    expect(answer).toEqual({ tools: [], totalTokens: 0, message: expect.any(String) });
    // The one message every tool search gives: no tool fits, and do not search again for it.
    expect(answer.message).toMatch(
      /^No tool fits this request\.( The closest tools \([^)]+\) are unlikely to fit;[^.]+\.)? Do not search again for it: answer without a tool, or ask the user what they need\.$/,
    );
  });

  it('finds tools from both upstreams under server-prefixed names, with their schemas', async () => {
    const result = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'echo a message back', limit: 3 },
    });
    const answer = JSON.parse(firstText(result));
    expect(answer.tools.length).toBeLessThanOrEqual(3);
    const names = answer.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['local__echo', 'web__remote_echo']));
    const echo = answer.tools.find((tool: { name: string }) => tool.name === 'local__echo');
    expect(echo.inputSchema.required).toEqual(['message']);
    expect(answer.totalTokens).toBeGreaterThan(0);
    expect(answer.totalTokens).toBeLessThanOrEqual(4000);
    const plugin = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'add two numbers sum' },
    });
    expect(foundNames(plugin)[0]).toMatch(/add_numbers$/);
  });

  it('proxies a call and passes text, structured content, images and isError through', async () => {
    const echoed = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'local__echo', arguments: { message: 'hi there' } },
    });
    expect(echoed.content).toEqual([{ type: 'text', text: 'hi there' }]);
    const sum = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'web__remote_add_numbers', arguments: { a: 2, b: 40 } },
    });
    expect(sum.structuredContent).toEqual({ sum: 42 });
    const chart = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'local__render_chart', arguments: { title: 'q3' } },
    });
    expect(chart.content).toEqual([
      { type: 'image', data: Buffer.from('png-bytes').toString('base64'), mimeType: 'image/png' },
      { type: 'text', text: 'chart: q3' },
    ]);
    const failed = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'local__delete_file', arguments: { path: '/etc' } },
    });
    expect(failed.isError).toBe(true);
    expect(firstText(failed)).toBe('permission denied: /etc');
  });

  it('forwards upstream progress to the client', async () => {
    const seen: number[] = [];
    // The SDK's clients (the gateway's upstream one and this one) handle a notification a
    // microtask after it arrives but a response at once, dropping progress read in the same
    // chunk as the result; the upstream's pause after each step keeps the last one apart.
    const result = await client.callTool(
      {
        name: 'call_tool',
        arguments: { name: 'local__long_export', arguments: { steps: 3, delayMs: 50 } },
      },
      undefined,
      { onprogress: (progress) => seen.push(progress.progress) },
    );
    expect(firstText(result)).toBe('exported');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('passes a client cancellation on to the upstream', async () => {
    const controller = new AbortController();
    const call = client.callTool(
      {
        name: 'call_tool',
        arguments: { name: 'web__remote_long_export', arguments: { steps: 1000, delayMs: 20 } },
      },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort('user stopped') },
    );
    await expect(call).rejects.toThrow(/user stopped/);
    // The upstream sees the cancellation and records it; poll until its handler has finished.
    let status = '';
    for (let i = 0; i < 100 && status !== 'cancelled'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = firstText(
        await client.callTool({
          name: 'call_tool',
          arguments: { name: 'web__remote_export_status' },
        }),
      );
    }
    expect(status).toBe('cancelled');
  });

  it('answers an unknown tool and arguments that fail the schema with tool errors the model can read', async () => {
    const error = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      return firstText(result);
    };
    expect(await error('call_tool', { name: 'local__nope', arguments: {} })).toMatch(
      /unknown tool "local__nope".*search_tools/,
    );
    expect(await error('call_tool', { arguments: {} })).toMatch(/call_tool: "name" must be/);
    expect(
      await error('call_tool', { name: 'local__add_numbers', arguments: { a: 'two' } }),
    ).toMatch(/arguments for "local__add_numbers" do not match its input schema/);
    expect(await error('search_tools', { query: '  ' })).toMatch(/query/);
    expect(await error('search_tools', { query: 'x', limit: 500 })).toMatch(/limit/);
    // A tool this server does not serve at all stays a protocol error, as MCP asks.
    await expect(client.callTool({ name: 'local__echo', arguments: {} })).rejects.toBeInstanceOf(
      McpError,
    );
  });
});

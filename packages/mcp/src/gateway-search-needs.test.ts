import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type MemoryExampleStore, memoryExampleStore, type ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import { storedRequest } from '@shortlist/learn';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayOptions } from './gateway-options.js';
import type { ModeOptions } from './mode-options.js';
import { serveHttp } from './serve-http.js';
import { firstText, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const teamTools = fileURLToPath(new URL('../test-servers/team-tools.jsonl', import.meta.url));
const config = {
  mcpServers: { hub: stdioUpstream(), team: stdioUpstream(['--tools-file', teamTools]) },
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(options: Partial<GatewayOptions> = {}, mode: ModeOptions = {}) {
  const { gateway } = await testGateway(config, options);
  cleanups.push(() => gateway.close());
  const http = await serveHttp(gateway, mode);
  cleanups.push(() => http.close());
  const client = await httpClient(http.url);
  cleanups.push(() => client.close());
  return client;
}

interface Answer {
  tools: { name: string; inputSchema: unknown; needs: number[] }[];
  totalTokens?: number;
}

const searchNeeds = async (client: Client, queries: unknown, limit?: number) => {
  const result = await client.callTool({
    name: 'search_tools',
    arguments: { queries, ...(limit ? { limit } : {}) },
  });
  return { result, answer: result.isError ? undefined : (JSON.parse(firstText(result)) as Answer) };
};

const needs = ['echo a message back', 'add two numbers', 'render a bar chart image'];

describe('search_tools with queries (several needs), through the MCP SDK client', () => {
  it('answers every need in one packed result, each tool once with the needs that found it', async () => {
    const client = await connect();
    const { answer, result } = await searchNeeds(client, needs, 3);
    const names = answer!.tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 3)).toEqual(['hub__echo', 'hub__add_numbers', 'hub__render_chart']);
    // Needs by position in queries: the answer repeats none of their text.
    expect(answer!.tools[0]!.needs).toEqual([0]);
    expect(answer!.tools[1]!.needs).toEqual([1]);
    expect(firstText(result)).not.toContain('echo a message back');
    for (const tool of answer!.tools) {
      expect(tool.needs.length).toBeGreaterThan(0);
      for (const need of tool.needs) expect(needs[need]).toBeDefined();
      expect(tool.inputSchema).toMatchObject({ type: 'object' });
    }
    expect(answer!.totalTokens).toBeLessThanOrEqual(4000);
  });

  it("stays under a small budget and keeps every need's first tool", async () => {
    const client = await connect({ budget: 400 });
    const { answer } = await searchNeeds(client, [...needs, 'list the team tickets'], 10);
    expect(answer!.totalTokens).toBeLessThanOrEqual(400);
    const names = answer!.tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['hub__echo', 'hub__add_numbers', 'hub__render_chart']),
    );
  });

  it('refuses bad queries with isError results the model can read', async () => {
    const client = await connect();
    const cases: [unknown, Record<string, unknown>, RegExp][] = [
      [[], {}, /"queries" must hold 1 to 16 needs, got 0/],
      [Array.from({ length: 17 }, (_, i) => `need ${i}`), {}, /must hold 1 to 16 needs, got 17/],
      [['echo', ''], {}, /"queries"\[1\] must be a non-empty string/],
      ['echo', {}, /"queries" must be an array/],
      [['echo'], { query: 'echo' }, /give "query" \(one need\) or "queries" \(several\), not both/],
    ];
    for (const [queries, extra, message] of cases) {
      const result = await client.callTool({
        name: 'search_tools',
        arguments: { queries, ...extra },
      });
      expect(result.isError).toBe(true);
      expect(firstText(result)).toMatch(message);
    }
    const tools = (await client.listTools()).tools;
    expect(tools[0]!.inputSchema.properties).toHaveProperty('queries');
  });

  it('a later call of a tool found by a batched search teaches the need that found it', async () => {
    const examples: MemoryExampleStore = memoryExampleStore();
    const heard: ToolExample[][] = [];
    examples.subscribe((change: ExampleChange) => {
      if (change.type === 'added')
        heard.push(change.examples.map(({ query, tool }) => ({ query, tool })));
    });
    const client = await connect({ examples });
    await searchNeeds(client, ['repeat my words back to me', 'sum two values'], 2);
    const result = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'hub__add_numbers', arguments: { a: 2, b: 3 } },
    });
    expect(firstText(result)).toBe('5');
    await expect
      .poll(() => heard.flat())
      .toEqual([{ query: storedRequest('sum two values'), tool: 'hub__add_numbers' }]);
  });
});

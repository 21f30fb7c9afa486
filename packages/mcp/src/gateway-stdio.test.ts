import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstText, foundNames, stdioUpstream } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const launcher = fileURLToPath(new URL('../test-servers/gateway-stdio.mjs', import.meta.url));
/** The published memory server, started with node from node_modules (never npx). */
const memoryServer = join(
  dirname(
    createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/package.json'),
  ),
  'dist/index.js',
);

describe('search mode over stdio, with the published server-memory as an upstream', () => {
  let client: Client;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-'));
    const config = {
      mcpServers: {
        memory: {
          command: process.execPath,
          args: [memoryServer],
          env: { MEMORY_FILE_PATH: join(directory, 'memory.jsonl') },
        },
        local: stdioUpstream(),
      },
    };
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [launcher, JSON.stringify(config)],
        stderr: 'ignore',
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("searches the published server's tools and calls them through call_tool", async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'search_tools',
      'call_tool',
    ]);
    const found = foundNames(
      await client.callTool({
        name: 'search_tools',
        arguments: { query: 'create entities in the knowledge graph', limit: 3 },
      }),
    );
    expect(found).toContain('memory__create_entities');
    await client.callTool({
      name: 'call_tool',
      arguments: {
        name: 'memory__create_entities',
        arguments: {
          entities: [
            { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
          ],
        },
      },
    });
    const graph = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'memory__read_graph', arguments: {} },
    });
    expect(firstText(graph)).toContain('wrote the first program');
  });

  it('proxies the test server over the same stdio session', async () => {
    const echoed = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'local__echo', arguments: { message: 'via stdio' } },
    });
    expect(firstText(echoed)).toBe('via stdio');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway } from './gateway.js';
import { serveHttp } from './serve-http.js';
import { firstText, foundNames, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** The published memory server, started with node from node_modules (never npx). */
const memoryServer = join(
  dirname(
    createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/package.json'),
  ),
  'dist/index.js',
);
const teamTools = fileURLToPath(new URL('../test-servers/team-tools.jsonl', import.meta.url));

/** What the user said: not a word of it is in any tool's name or description. */
const said = 'jot down that the rent is due friday';
/** Another request that shares one content word with it ("jot"). */
const paraphrase = 'please jot my dentist appointment';
const target = 'memory__create_entities';

describe("learning the user's words over the published memory server and a scripted upstream", () => {
  let directory: string;
  let gateway: Gateway;
  let url: URL;
  const clients: Client[] = [];
  const connect = async () => {
    const client = await httpClient(url);
    clients.push(client);
    return client;
  };
  const search = async (client: Client, args: Record<string, unknown>) =>
    foundNames(await client.callTool({ name: 'search_tools', arguments: args }));

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-memory-'));
    // No learning option at all: the gateway learns by default.
    ({ gateway } = await testGateway({
      mcpServers: {
        memory: {
          command: process.execPath,
          args: [memoryServer],
          env: { MEMORY_FILE_PATH: join(directory, 'memory.jsonl') },
        },
        hub: stdioUpstream(),
        team: stdioUpstream(['--tools-file', teamTools]),
      },
    }));
    const http = await serveHttp(gateway);
    url = http.url;
    clients.push({ close: () => http.close() } as Client);
  });
  afterAll(async () => {
    for (const client of clients.reverse()) await client.close();
    await gateway?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('after one session where the words found nothing, they find the tool first, and a paraphrase in the top 3', async () => {
    expect(await search(await connect(), { query: paraphrase })).not.toContain(target);

    // The scripted model: searches in the user's words (passing them as the request too), finds
    // nothing, searches again in the tools' words, and calls what it found.
    const agent = await connect();
    expect(await search(agent, { query: said, request: said })).toEqual([]);
    expect(await search(agent, { query: 'create entities in the knowledge graph' })).toContain(
      target,
    );
    const created = await agent.callTool({
      name: 'call_tool',
      arguments: {
        name: target,
        arguments: {
          entities: [{ name: 'rent', entityType: 'reminder', observations: ['due friday'] }],
        },
      },
    });
    expect(created.isError).toBeFalsy();
    expect(firstText(created)).toContain('rent');

    // Later sessions, in the user's words.
    await expect.poll(async () => (await search(await connect(), { query: said }))[0]).toBe(target);
    expect((await search(await connect(), { query: paraphrase })).slice(0, 3)).toContain(target);
  });
});

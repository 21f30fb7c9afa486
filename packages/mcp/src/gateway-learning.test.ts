import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type MemoryExampleStore, memoryExampleStore, type ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import { MAX_EXAMPLE_QUERY_LENGTH } from '@shortlist/core/kit';
import { storedRequest } from '@shortlist/learn';
import { lexical } from '@shortlist/lexical';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { defaultGatewayPipeline } from './default-pipeline.js';
import { createDownstreamServer } from './downstream-server.js';
import type { GatewayOptions } from './gateway-options.js';
import type { ModeOptions } from './mode-options.js';
import { serveHttp } from './serve-http.js';
import { firstText, foundNames, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const teamTools = fileURLToPath(new URL('../test-servers/team-tools.jsonl', import.meta.url));
/** The fixed test tools under `hub__`, and a small team catalogue under `team__`. */
const config = {
  mcpServers: { hub: stdioUpstream(), team: stdioUpstream(['--tools-file', teamTools]) },
};
/** The user's words: no word in common with `team__scan_secrets` ("Scan commits for secrets that leaked into a repository"). */
const asked = 'did anyone leak an API key';
/** A later, similar request from another user. */
const later = 'did someone leak our API key?';
const scanner = 'team__scan_secrets';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A gateway over the test catalogue, served over HTTP; `connect()` opens a new MCP session. */
async function served(options: Partial<GatewayOptions> = {}, mode: ModeOptions = {}) {
  const { gateway, warnings } = await testGateway(config, options);
  cleanups.push(() => gateway.close());
  const http = await serveHttp(gateway, mode);
  cleanups.push(() => http.close());
  const connect = async () => {
    const client = await httpClient(http.url);
    cleanups.push(() => client.close());
    return client;
  };
  return { gateway, warnings, connect };
}

const search = async (client: Client, query: string, limit = 5, request?: string) =>
  foundNames(
    await client.callTool({
      name: 'search_tools',
      arguments: { query, limit, ...(request === undefined ? {} : { request }) },
    }),
  );
const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name: 'call_tool', arguments: { name, arguments: args } });

/** An example as the learner hands it to its store: the request as hashed words. */
const stored = (query: string, tool: string) => ({ query: storedRequest(query), tool });

/** The examples a store hears added, one array per `addExamples` that added any. */
function additions(store: MemoryExampleStore): ToolExample[][] {
  const heard: ToolExample[][] = [];
  store.subscribe((change: ExampleChange) => {
    if (change.type === 'added')
      heard.push(change.examples.map(({ query, tool }) => ({ query, tool })));
  });
  return heard;
}

describe('learning from calls, over Streamable HTTP', () => {
  it('a call of a tool search found teaches its query once: a new session then finds the tool first', async () => {
    const store = memoryExampleStore();
    const heard = additions(store);
    const { connect, warnings } = await served({ examples: store });
    const before = await search(await connect(), later);
    expect(before[0]).not.toBe(scanner);

    const agent = await connect();
    const found = await search(agent, asked);
    expect(found).toContain(scanner);
    expect(found[0]).not.toBe(scanner);
    expect(firstText(await call(agent, scanner, { repository: 'web' }))).toBe('ran scan_secrets');
    expect(firstText(await call(agent, scanner, { repository: 'api' }))).toBe('ran scan_secrets');
    await expect.poll(() => heard).toEqual([[stored(asked, scanner)]]);

    expect((await search(await connect(), later))[0]).toBe(scanner);
    // Once per session and query: the second call above added nothing.
    expect(heard).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it("a call teaches every search that led to it, the user's words that found nothing first, and their request", async () => {
    const store = memoryExampleStore();
    const heard = additions(store);
    const { connect, gateway } = await served({ examples: store });
    const agent = await connect();
    // The user's words, searched as said: they miss the tool.
    const words = 'my stripe sk_live token ended up on the internet';
    expect(await search(agent, words)).not.toContain(scanner);
    // The model tries again in the tools' words, and passes the user's request beside it.
    const request = 'did my stripe token get out?';
    expect(await search(agent, 'scan commits for leaked secrets', 5, request)).toContain(scanner);
    await call(agent, scanner, { repository: 'web' });
    await expect
      .poll(() => heard.flat())
      .toEqual([
        stored(words, scanner),
        stored('scan commits for leaked secrets', scanner),
        stored(request, scanner),
      ]);
    // One door: the gateway's picker ranks as a fresh default picker taught the same through learn().
    const reference = await defaultGatewayPipeline({ examples: memoryExampleStore() }).index(
      gateway.tools(),
    );
    await reference.learn(
      [words, 'scan commits for leaked secrets', request].map((query) => ({
        query,
        tool: scanner,
      })),
    );
    for (const probe of [words, later, 'scan commits for leaked secrets']) {
      const ours = (await gateway.search(probe)).tools.map((tool) => tool.name);
      expect(ours).toEqual((await reference.select(probe)).picks.map((pick) => pick.name));
    }
    // The next task starts after that call: its call teaches its own search only.
    expect(await search(agent, 'add two numbers')).toContain('hub__add_numbers');
    await call(agent, 'hub__add_numbers', { a: 1, b: 2 });
    await expect.poll(() => heard.flat()).toHaveLength(4);
    expect(heard.flat()[3]).toEqual(stored('add two numbers', 'hub__add_numbers'));
    // After learning, the user's words alone find the tool first in a new session.
    expect((await search(await connect(), words))[0]).toBe(scanner);
  });

  it("a session's next search is answered with what its last call taught, however slow the store", async () => {
    const store = memoryExampleStore();
    const heard = additions(store);
    // A store that takes a while to keep a lesson, as a file store's fsync on a busy disk.
    const slow = {
      ...store,
      addExamples: async (...args: Parameters<typeof store.addExamples>) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return store.addExamples(...args);
      },
    };
    const { connect } = await served({ examples: slow });
    const agent = await connect();
    expect(await search(agent, asked)).toContain(scanner);
    await call(agent, scanner, { repository: 'web' });
    // Asked again at once, in the same session: the lesson is in before the search answers.
    expect((await search(agent, later))[0]).toBe(scanner);
    expect(heard).toEqual([[stored(asked, scanner)]]);
  });

  it('a store too slow to keep a lesson does not stall the next search', async () => {
    const store = memoryExampleStore();
    const heard = additions(store);
    const stuck = {
      ...store,
      addExamples: async (...args: Parameters<typeof store.addExamples>) => {
        await new Promise((resolve) => setTimeout(resolve, 8000));
        return store.addExamples(...args);
      },
    };
    const { connect } = await served({ examples: stuck });
    const agent = await connect();
    await search(agent, asked);
    await call(agent, scanner, { repository: 'web' });
    // The search gives up waiting for the lesson and answers from what was taught before.
    expect((await search(agent, later))[0]).not.toBe(scanner);
    expect(heard).toEqual([]);
  });

  it('refuses a request that is not a string, with an error the model reads', async () => {
    const { connect } = await served();
    const result = await (await connect()).callTool({
      name: 'search_tools',
      arguments: { query: 'scan for secrets', request: 42 },
    });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/"request" must be a string/);
  });

  it('records nothing for a tool no search offered, nor for a call that failed', async () => {
    const store = memoryExampleStore();
    const heard = additions(store);
    const { connect } = await served({ examples: store });
    const agent = await connect();
    // Called by a name the model knew without searching.
    expect(firstText(await call(agent, 'hub__echo', { message: 'hi' }))).toBe('hi');
    // Found, called, and failed upstream (isError): weak evidence, not recorded.
    expect(await search(agent, 'delete a file')).toContain('hub__delete_file');
    expect((await call(agent, 'hub__delete_file', { path: '/etc' })).isError).toBe(true);
    // Another session's search does not offer a tool to this one.
    expect(await search(await connect(), 'add two numbers')).toContain('hub__add_numbers');
    expect(firstText(await call(agent, 'hub__add_numbers', { a: 1, b: 2 }))).toBe('3');
    // A recorded call after them all: records are kept in order, so nothing else came before it.
    expect(await search(agent, 'render a bar chart')).toContain('hub__render_chart');
    await call(agent, 'hub__render_chart', { title: 'q3' });
    await expect.poll(() => heard).toEqual([[stored('render a bar chart', 'hub__render_chart')]]);
  });

  it('with learn: false, learns nothing', async () => {
    const { connect } = await served({ learn: false });
    const before = await search(await connect(), later);
    const agent = await connect();
    await search(agent, asked);
    await call(agent, scanner, { repository: 'web' });
    // Let a background record, were there one, land before searching again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await search(await connect(), later)).toEqual(before);
  });

  it('a 10 MB query still searches, and is recorded cut to MAX_EXAMPLE_QUERY_LENGTH', async () => {
    const store = memoryExampleStore();
    const { gateway } = await testGateway(config, { examples: store });
    cleanups.push(() => gateway.close());
    // The SDK's HTTP transport refuses bodies over 4 MB, so this session is linked in memory.
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createDownstreamServer(gateway);
    await server.connect(serverSide);
    const agent = new Client({ name: 'test-client', version: '1.0.0' });
    await agent.connect(clientSide);
    cleanups.push(() => agent.close());
    const huge = 'scan the repository for leaked secrets '.repeat(270_000);
    expect(huge.length).toBeGreaterThan(10_000_000);
    expect((await search(agent, huge))[0]).toBe(scanner);
    await call(agent, scanner, { repository: 'web' });
    await expect.poll(() => store.examples().length).toBe(1);
    expect(store.examples()[0]!.query).toBe(storedRequest(huge.slice(0, MAX_EXAMPLE_QUERY_LENGTH)));
  });

  it('dynamic mode: a direct call of a found tool records the search that found it', async () => {
    const store = memoryExampleStore();
    const heard = additions(store);
    const { connect } = await served({ examples: store }, { mode: 'dynamic' });
    const agent = await connect();
    expect(await search(agent, asked)).toContain(scanner);
    expect(await search(agent, 'open a pull request', 1)).toEqual(['team__open_pull_request']);
    expect(
      firstText(await agent.callTool({ name: scanner, arguments: { repository: 'web' } })),
    ).toBe('ran scan_secrets');
    await expect.poll(() => heard).toEqual([[stored(asked, scanner)]]);
  });

  it('filter mode: a call of a listed tool records the filter query that chose the list', async () => {
    const store = memoryExampleStore();
    const heard = additions(store);
    const filterQuery = 'find secrets that leaked into a repository';
    const { connect } = await served(
      { examples: store },
      { mode: 'filter', filterQuery, filterLimit: 3 },
    );
    const agent = await connect();
    expect((await agent.listTools()).tools.map((tool) => tool.name)).toContain(scanner);
    await agent.callTool({ name: scanner, arguments: { repository: 'web' } });
    await agent.callTool({ name: scanner, arguments: { repository: 'api' } });
    await expect.poll(() => heard).toEqual([[stored(filterQuery, scanner)]]);
  });

  it('a failing store is a warning; the call still answers', async () => {
    const store = memoryExampleStore();
    const failing = {
      ...store,
      addExamples: () => Promise.reject(new Error('disk full')),
    };
    const { connect, warnings } = await served({ examples: failing });
    const agent = await connect();
    await search(agent, asked);
    expect(firstText(await call(agent, scanner, { repository: 'web' }))).toBe('ran scan_secrets');
    await expect.poll(() => warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(`^could not record that "${scanner}" served a search: .*disk full`),
    );
  });
});

describe('learning with no configuration', () => {
  it('learns into examples.jsonl in the cache directory, and a restarted gateway still knows', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-learn-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const first = await served({ cacheDirectory: directory });
    const before = await search(await first.connect(), later);
    expect(before[0]).not.toBe(scanner);
    const agent = await first.connect();
    await search(agent, asked);
    await call(agent, scanner, { repository: 'web' });
    await expect.poll(async () => (await search(await first.connect(), later))[0]).toBe(scanner);
    // close() lets the lesson reach the file.
    await first.gateway.close();
    expect(await readdir(directory)).toContain('examples.jsonl');

    const restarted = await served({ cacheDirectory: directory });
    expect((await search(await restarted.connect(), later))[0]).toBe(scanner);
    expect(restarted.warnings).toEqual([]);
  });

  it('with learn: false, keeps no examples file and learns nothing', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-learn-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const { connect } = await served({ cacheDirectory: directory, learn: false });
    const before = await search(await connect(), later);
    const agent = await connect();
    await search(agent, asked);
    await call(agent, scanner, { repository: 'web' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await search(await connect(), later)).toEqual(before);
    expect(await readdir(directory)).not.toContain('examples.jsonl');
  });

  it('refuses examples beside a pipeline of your own, which must get the store itself', async () => {
    await expect(
      testGateway(config, { pipeline: lexical(), examples: memoryExampleStore() }),
    ).rejects.toThrow(/examples only feed the default pipeline/);
  });
});

describe('learning from calls over stdio', () => {
  const launcher = fileURLToPath(new URL('../test-servers/gateway-stdio.mjs', import.meta.url));
  let stdio: Client | undefined;
  afterAll(() => stdio?.close());

  it('what a stdio session teaches, a new session on the same gateway finds first', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [launcher, JSON.stringify(config), '--also-http'],
      stderr: 'pipe',
    });
    stdio = new Client({ name: 'test-client', version: '1.0.0' });
    await stdio.connect(transport);
    let stderr = '';
    const output = transport.stderr as PassThrough;
    output.setEncoding('utf8');
    while (!/http (\S+)\n/.test(stderr)) stderr += (await once(output, 'data'))[0];
    const url = /http (\S+)\n/.exec(stderr)![1]!;
    const fresh = async () => {
      const client = await httpClient(url);
      cleanups.push(() => client.close());
      return client;
    };
    expect((await search(await fresh(), later))[0]).not.toBe(scanner);

    expect(await search(stdio, asked)).toContain(scanner);
    expect(firstText(await call(stdio, scanner, { repository: 'web' }))).toBe('ran scan_secrets');
    await expect.poll(async () => (await search(await fresh(), later))[0]).toBe(scanner);
  });
});

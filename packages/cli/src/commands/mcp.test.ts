import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { writeTinyModel } from '@shortlist/embed-transformers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, fixture, runCli } from '../test-run-cli.js';

describe('shortlist mcp', { timeout: 60_000 }, () => {
  let directory: string;
  let config: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'shortlist-cli-mcp-'));
    config = join(directory, 'servers.json');
    const upstream = { command: process.execPath, args: [fixture('mcp-upstream.mjs')] };
    await writeFile(config, JSON.stringify({ mcpServers: { weather: upstream } }));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("serves VS Code's mcp.json (servers, type stdio) over stdio", async () => {
    const vscode = join(directory, 'mcp.json');
    const upstream = {
      type: 'stdio',
      command: process.execPath,
      args: [fixture('mcp-upstream.mjs')],
    };
    await writeFile(vscode, JSON.stringify({ inputs: [], servers: { weather: upstream } }));
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--config', vscode, '--no-cache'],
        stderr: 'ignore',
      }),
    );
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'weather' } });
    expect((found.content as { text: string }[])[0]!.text).toContain('weather__get_forecast');
    await client.close();
  });

  it('serves the config over stdio, as a client config entry starts it', async () => {
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--config', config, '--no-cache'],
        stderr: 'ignore',
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'search_tools',
      'call_tool',
    ]);
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'weather' } });
    expect((found.content as { text: string }[])[0]!.text).toContain('weather__get_forecast');
    const result = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'weather__get_forecast', arguments: { city: 'Oslo' } },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'sunny in Oslo' }]);
    await client.close();
  });

  it('serves HTTP on loopback with the bearer token from SHORTLIST_MCP_TOKEN', async () => {
    const token = 'cli-test-token-0123456789';
    const child = spawn(
      process.execPath,
      [bin, 'mcp', '--config', config, '--no-cache', '--http', '0'],
      {
        env: { ...process.env, SHORTLIST_MCP_TOKEN: token },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    try {
      let stderr = '';
      child.stderr.setEncoding('utf8');
      while (!/at (http\S+)/.test(stderr)) stderr += (await once(child.stderr, 'data'))[0];
      expect(stderr).toMatch(
        /1 tools, search mode, at http:\/\/127\.0\.0\.1:\d+\/mcp \(bearer token required\)/,
      );
      expect(stderr).not.toContain(token);
      const url = new URL(/at (http\S+)/.exec(stderr)![1]!);
      const client = new Client({ name: 'test-client', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      expect((await client.listTools()).tools).toHaveLength(2);
      await client.close();
    } finally {
      child.kill();
      await once(child, 'exit');
    }
  });

  /** Starts the gateway over HTTP; resolves with a function that opens a new session. */
  const startGateway = async (flags: string[], children: ChildProcess[], clients: Client[]) => {
    const child = spawn(
      process.execPath,
      [bin, 'mcp', '--config', config, '--http', '0', ...flags],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.push(child);
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    while (!/at (http\S+)/.test(stderr)) stderr += (await once(child.stderr!, 'data'))[0];
    const url = new URL(/at (http\S+)/.exec(stderr)![1]!);
    return async () => {
      const client = new Client({ name: 'test-client', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url));
      clients.push(client);
      return client;
    };
  };
  const found = async (client: Client, query: string) =>
    JSON.parse(
      (
        (await client.callTool({ name: 'search_tools', arguments: { query } })).content as {
          text: string;
        }[]
      )[0]!.text,
    ).tools.map((tool: { name: string }) => tool.name);
  /** Searches in the agent's words, then calls what it found: what the gateway learns from. */
  const searchAndCall = async (agent: Client) => {
    expect(await found(agent, 'is it going to rain in this city')).toEqual([
      'weather__get_forecast',
    ]);
    await agent.callTool({
      name: 'call_tool',
      arguments: { name: 'weather__get_forecast', arguments: { city: 'Oslo' } },
    });
  };
  const stopAll = async (children: ChildProcess[], clients: Client[]) => {
    for (const client of clients) await client.close();
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill();
        await once(child, 'exit');
      }
    }
  };

  it('learns from calls by default, and not with --no-learn', async () => {
    const children: ChildProcess[] = [];
    const clients: Client[] = [];
    try {
      for (const [flags, learns] of [
        [['--no-cache'], true],
        [['--no-cache', '--no-learn'], false],
      ] as const) {
        const session = await startGateway([...flags], children, clients);
        // No word of the tool ("Get the weather forecast for a city"): nothing found yet.
        expect(await found(await session(), 'is it going to rain in Bergen')).toEqual([]);
        await searchAndCall(await session());
        const later = () =>
          session().then((client) => found(client, 'is it going to rain in Bergen'));
        if (learns) await expect.poll(later).toEqual(['weather__get_forecast']);
        else expect(await later()).toEqual([]);
      }
    } finally {
      await stopAll(children, clients);
    }
  });

  it('keeps what it learnt in the cache directory across a restart', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'shortlist-learn-'));
    const children: ChildProcess[] = [];
    const clients: Client[] = [];
    try {
      const first = await startGateway(['--cache-dir', cacheDir], children, clients);
      await searchAndCall(await first());
      // Learning runs in the background and syncs the file: give a loaded machine time.
      await expect
        .poll(() => first().then((client) => found(client, 'is it going to rain in Bergen')), {
          timeout: 10_000,
        })
        .toEqual(['weather__get_forecast']);
      await stopAll(children.splice(0), clients.splice(0));
      expect(readFileSync(join(cacheDir, 'examples.jsonl'), 'utf8')).toContain(
        'weather__get_forecast',
      );
      const second = await startGateway(['--cache-dir', cacheDir], children, clients);
      expect(await found(await second(), 'is it going to rain in Bergen')).toEqual([
        'weather__get_forecast',
      ]);
    } finally {
      await stopAll(children, clients);
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('reports a bad config or mode in one line and exits 1', async () => {
    const missing = await runCli(['mcp', '--config', join(directory, 'none.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^shortlist: cannot read --config .*none\.json/);
    const bad = join(directory, 'bad.json');
    await writeFile(bad, JSON.stringify({ mcpServers: { a: { url: 'ftp://x' } } }));
    const wrong = await runCli(['mcp', '--config', bad]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/mcpServers\.a\.url must be http or https/);
    const vscode = join(directory, 'vscode.json');
    await writeFile(
      vscode,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'key', description: 'API key', password: true }],
        servers: { api: { type: 'stdio', command: 'x', env: { KEY: `\${input:key}` } } },
      }),
    );
    const input = await runCli(['mcp', '--config', vscode]);
    expect(input.code).toBe(1);
    expect(input.stderr).toMatch(
      /^shortlist: servers\.api\.env\.KEY uses \$\{input:key\} \("API key"\), a VS Code input that only VS Code can prompt for/,
    );
    const filter = await runCli(['mcp', '--config', config, '--mode', 'filter']);
    expect(filter.code).toBe(1);
    expect(filter.stderr).toMatch(/--mode filter needs --allow/);
  });

  it('replicas behind one Redis build the index once: the second restores it', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const replicas: ChildProcess[] = [];
    try {
      let banner = '';
      redis.stdout!.setEncoding('utf8');
      while (!banner.includes('Ready to accept')) banner += (await once(redis.stdout!, 'data'))[0];
      const replica = async () => {
        const child = spawn(
          process.execPath,
          [
            bin,
            'mcp',
            '--config',
            config,
            '--no-cache',
            '--http',
            '0',
            '--redis',
            `redis://127.0.0.1:${port}`,
          ],
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        replicas.push(child);
        let stderr = '';
        child.stderr!.setEncoding('utf8');
        while (!/at http/.test(stderr)) stderr += (await once(child.stderr!, 'data'))[0];
        return stderr;
      };
      expect(await replica()).toMatch(/index indexed \(1 tools, Redis\)/);
      expect(await replica()).toMatch(/index restored \(1 tools, Redis\)/);
    } finally {
      for (const child of [...replicas, redis]) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    }
  });

  it('ranks with an in-process model chosen by --embedder and --embedding-model, caching its vectors on disk', async () => {
    const model = await writeTinyModel({ name: 'bge-tiny' });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    try {
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [
            bin,
            'mcp',
            '--config',
            config,
            '--cache-dir',
            join(directory, 'cache'),
            '--embedder',
            'local',
            '--embedding-model',
            model,
          ],
          stderr: 'ignore',
        }),
      );
      const found = await client.callTool({
        name: 'search_tools',
        arguments: { query: 'weather in berlin tomorrow' },
      });
      expect((found.content as { text: string }[])[0]!.text).toContain('weather__get_forecast');
      // The tool texts' vectors are on disk for the next start or upstream change.
      expect((await stat(join(directory, 'cache', 'embeddings.cache'))).size).toBeGreaterThan(0);
    } finally {
      await client.close();
      await rm(join(model, '..'), { recursive: true, force: true });
    }
  });
});

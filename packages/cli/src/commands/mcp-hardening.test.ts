import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpInitialize, sendMcpRequest } from '@shortlist/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, fixture, runCli } from '../test-run-cli.js';

const token = 'cli-hardening-token-0123456789';

/** Starts `shortlist mcp --http 0 ...flags`; resolves with its URL once it serves. */
async function serve(config: string, flags: string[]): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(
    process.execPath,
    [bin, 'mcp', '--config', config, '--no-cache', '--http', '0', ...flags],
    { env: { ...process.env, SHORTLIST_MCP_TOKEN: token }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  while (!/ at (http\S+)/.test(stderr)) {
    const [chunk] = await Promise.race([
      once(child.stderr!, 'data'),
      once(child, 'exit').then(() => {
        throw new Error(`shortlist mcp exited: ${stderr}`);
      }),
    ]);
    stderr += chunk;
  }
  return { child, url: new URL(/ at (http\S+)/.exec(stderr)![1]!) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

/** A raw initialize request; resolves with the HTTP status. */
async function initialize(url: URL, headers: Record<string, string> = {}): Promise<number> {
  const all = { authorization: `Bearer ${token}`, ...headers };
  return (await sendMcpRequest(url, { headers: all, body: mcpInitialize() })).status;
}

/** The pids an upstream fixture wrote to its pid file (none when it never started). */
async function upstreamPids(pidFile: string): Promise<number[]> {
  const text = await readFile(pidFile, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for a process to exit; rejects after `ms` (then the test's cleanup kills it). */
async function exited(child: ChildProcess, ms = 10_000): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  let timer: NodeJS.Timeout | undefined;
  try {
    const [code] = (await Promise.race([
      once(child, 'exit'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms);
      }),
    ])) as [number | null];
    return code;
  } finally {
    clearTimeout(timer);
  }
}

describe('shortlist mcp hardening', { timeout: 60_000 }, () => {
  let directory: string;
  let config: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'shortlist-cli-mcp-hardening-'));
    config = join(directory, 'servers.json');
    const upstream = { command: process.execPath, args: [fixture('mcp-upstream.mjs')] };
    await writeFile(config, JSON.stringify({ mcpServers: { weather: upstream } }));
  });
  afterAll(async () => {
    for (const file of await readdir(directory)) {
      if (!file.endsWith('.pids')) continue;
      for (const pid of await upstreamPids(join(directory, file))) {
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    }
    await rm(directory, { recursive: true, force: true });
  });

  /** A config whose one upstream is the stubborn fixture, writing its pids to a fresh file. */
  async function stubbornConfig(name: string, silent: boolean) {
    const pidFile = join(directory, `${name}.pids`);
    const args = [fixture('mcp-stubborn-upstream.mjs'), pidFile, ...(silent ? ['--silent'] : [])];
    const file = join(directory, `${name}.json`);
    await writeFile(
      file,
      JSON.stringify({ mcpServers: { stubborn: { command: process.execPath, args } } }),
    );
    return { file, pidFile };
  }

  it('checks every flag before starting an upstream, and exits 1', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--http', 'abc'], {}, /--http.*integer from 0 to 65535/],
      [['--http', '-1'], {}, /--http.*integer from 0 to 65535/],
      [['--http', '70000'], {}, /--http.*integer from 0 to 65535/],
      [['--http', '0'], { SHORTLIST_MCP_TOKEN: 'short' }, /at least 16 characters/],
      [['--http', '0', '--host', '0.0.0.0'], {}, /set a bearer token.*SHORTLIST_MCP_TOKEN/],
    ];
    for (const [index, [flags, env, message]] of cases.entries()) {
      const { file, pidFile } = await stubbornConfig(`flags-${index}`, false);
      const result = await runCli(['mcp', '--config', file, '--no-cache', ...flags], {
        env: { SHORTLIST_MCP_TOKEN: undefined, ...env },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(await upstreamPids(pidFile)).toEqual([]);
    }
  });

  it('stops an upstream still connecting when stopped with SIGTERM, and exits', async () => {
    const { file, pidFile } = await stubbornConfig('connecting', true);
    const child = spawn(process.execPath, [bin, 'mcp', '--config', file, '--no-cache'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    try {
      while ((await upstreamPids(pidFile)).length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill('SIGTERM');
      await exited(child);
      const pids = await upstreamPids(pidFile);
      await expect.poll(() => pids.filter(alive), { timeout: 3000 }).toEqual([]);
    } finally {
      await stop(child);
    }
  });

  for (const [how, end] of [
    ['the end of stdin', (child: ChildProcess) => child.stdin!.end()],
    ['SIGTERM', (child: ChildProcess) => child.kill('SIGTERM')],
  ] as const) {
    it(`stops every upstream, even one ignoring SIGTERM, and exits on ${how}`, async () => {
      const { file, pidFile } = await stubbornConfig(`connected-${how.length}`, false);
      const child = spawn(process.execPath, [bin, 'mcp', '--config', file, '--no-cache'], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      try {
        let stderr = '';
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
        });
        // Serving: answers an initialize on stdout.
        child.stdin!.write(
          `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
        );
        await once(child.stdout!, 'data');
        const pids = await upstreamPids(pidFile);
        expect(pids.filter(alive)).toHaveLength(1);
        const started = performance.now();
        end(child);
        await exited(child);
        // MCP clients (the SDK's stdio transport) signal a server that is not gone 2 s after EOF.
        expect(performance.now() - started).toBeLessThan(2000);
        expect(stderr).toBe('');
        await expect.poll(() => pids.filter(alive), { timeout: 3000 }).toEqual([]);
      } finally {
        await stop(child);
      }
    });
  }

  it('serves the other upstreams while one hangs connecting, reporting it after --connect-timeout', async () => {
    const pidFile = join(directory, 'hung.pids');
    const file = join(directory, 'hung.json');
    const hung = [fixture('mcp-stubborn-upstream.mjs'), pidFile, '--silent'];
    await writeFile(
      file,
      JSON.stringify({
        mcpServers: {
          hung: { command: process.execPath, args: hung },
          weather: { command: process.execPath, args: [fixture('mcp-upstream.mjs')] },
        },
      }),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        bin,
        'mcp',
        '--config',
        file,
        '--no-cache',
        '--connect-timeout',
        '6000',
        '--start-wait',
        '60000',
      ],
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    try {
      await client.connect(transport);
      const found = await client.callTool({
        name: 'search_tools',
        arguments: { query: 'weather forecast for a city' },
      });
      const answer = JSON.parse((found.content as { text: string }[])[0]!.text);
      expect(answer.tools.map((tool: { name: string }) => tool.name)).toEqual([
        'weather__get_forecast',
      ]);
      expect(answer.connecting).toEqual(['hung']);
      expect(stderr).toContain(
        'shortlist mcp: upstream "hung": did not connect within 6000 ms (connectTimeoutMs, shortlist mcp: --connect-timeout); the other upstreams are served, and this one is retried in the background',
      );
    } finally {
      await client.close();
    }
    // Each attempt's process was stopped, even though it ignores SIGTERM.
    const pids = await upstreamPids(pidFile);
    expect(pids.length).toBeGreaterThan(0);
    await expect.poll(() => pids.filter(alive), { timeout: 3000 }).toEqual([]);
  });

  it('caps HTTP sessions at --max-sessions', async () => {
    const { child, url } = await serve(config, ['--max-sessions', '2']);
    try {
      expect(await initialize(url)).toBe(200);
      expect(await initialize(url)).toBe(200);
      expect(await initialize(url)).toBe(503);
    } finally {
      await stop(child);
    }
  });
});

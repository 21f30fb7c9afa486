import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, fixture } from '../test-run-cli.js';

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
function initialize(url: URL, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    );
  });
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
  afterAll(() => rm(directory, { recursive: true, force: true }));

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

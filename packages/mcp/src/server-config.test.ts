import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { parseServerConfig } from './server-config.js';

const errorOf = (config: unknown): InvalidArgumentError => {
  try {
    parseServerConfig(config);
  } catch (error) {
    if (InvalidArgumentError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
};

describe('parseServerConfig', () => {
  it('reads a Claude Desktop style file with stdio and Streamable HTTP servers', () => {
    const servers = parseServerConfig({
      mcpServers: {
        files: {
          command: 'npx',
          args: ['-y', 'server-filesystem', '/tmp'],
          env: { KEY: 'secret-value' },
        },
        remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer abc' } },
        off: { command: 'x', disabled: true },
      },
    });
    expect(servers).toEqual([
      {
        name: 'files',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', 'server-filesystem', '/tmp'],
        env: { KEY: 'secret-value' },
      },
      {
        name: 'remote',
        transport: 'http',
        url: new URL('https://example.com/mcp'),
        headers: { Authorization: 'Bearer abc' },
      },
    ]);
  });

  it('accepts the inner mcpServers object alone', () => {
    expect(parseServerConfig({ a: { command: 'node' } })).toHaveLength(1);
  });

  it.each([
    [null, 'config', /must be an object/],
    [{ mcpServers: [] }, 'mcpServers', /object keyed by server name/],
    [{ mcpServers: {} }, 'mcpServers', /no enabled server/],
    [{ mcpServers: { a: 'node' } }, 'mcpServers.a', /"command" \(stdio\) or "url"/],
    [{ mcpServers: { a: { command: 'x', url: 'http://h' } } }, 'mcpServers.a', /exactly one/],
    [{ mcpServers: { a: { command: '' } } }, 'mcpServers.a.command', /non-empty/],
    [{ mcpServers: { a: { command: 'x', args: [1] } } }, 'mcpServers.a.args', /array of strings/],
    [{ mcpServers: { a: { url: 'not a url' } } }, 'mcpServers.a.url', /not a valid URL/],
    [{ mcpServers: { a: { url: 'ftp://h/x' } } }, 'mcpServers.a.url', /http or https/],
    [
      { mcpServers: { a: { url: 'ws://h', type: 'websocket' } } },
      'mcpServers.a.type',
      /"websocket" is not supported; use "stdio", "http" \(Streamable HTTP\) or "sse"/,
    ],
    [{ servers: { a: { type: 'stdio', url: 'http://h' } } }, 'servers.a.type', /give "command"/],
    [{ servers: { a: { type: 'http', command: 'x' } } }, 'servers.a.type', /give "url"/],
    [{ servers: [] }, 'servers', /servers must be an object keyed by server name/],
    [{ servers: {} }, 'servers', /servers has no enabled server/],
  ])('rejects %j at %s', (config, argument, message) => {
    const error = errorOf(config);
    expect(error.argument).toBe(argument);
    expect(error.message).toMatch(message);
  });

  it("reads VS Code's mcp.json: servers with stdio, http and sse types", () => {
    const servers = parseServerConfig({
      inputs: [],
      servers: {
        files: { type: 'stdio', command: 'npx', args: ['-y', 'fs'], env: { KEY: 'value-1' } },
        remote: {
          type: 'http',
          url: 'https://example.com/mcp',
          headers: { Authorization: 'Bearer x' },
        },
        legacy: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
      },
    });
    expect(servers).toEqual([
      {
        name: 'files',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', 'fs'],
        env: { KEY: 'value-1' },
      },
      {
        name: 'remote',
        transport: 'http',
        url: new URL('https://example.com/mcp'),
        headers: { Authorization: 'Bearer x' },
      },
      { name: 'legacy', transport: 'sse', url: new URL('http://127.0.0.1:9/sse'), headers: {} },
    ]);
  });

  it('still reads an inner mcpServers object with a server named "servers"', () => {
    expect(parseServerConfig({ servers: { command: 'node' } })).toEqual([
      { name: 'servers', transport: 'stdio', command: 'node', args: [], env: {} },
    ]);
  });

  /** VS Code's placeholder for an input it prompts for. */
  const input = (id: string) => `\${input:${id}}`;

  it('refuses a VS Code input reference, naming the input and where, never the rest of the value', () => {
    const inputs = [
      { type: 'promptString', id: 'gh-token', description: 'GitHub token', password: true },
    ];
    const header = errorOf({
      inputs,
      servers: {
        github: {
          type: 'http',
          url: 'https://h/mcp',
          headers: { Authorization: `Bearer ${input('gh-token')}-sk-secret` },
        },
      },
    });
    expect(header.argument).toBe('servers.github.headers.Authorization');
    expect(header.message).toBe(
      `servers.github.headers.Authorization uses ${input('gh-token')} ("GitHub token"), a VS Code input that only VS Code can prompt for; the gateway cannot. Write the value itself in the gateway's config (it is never logged)`,
    );
    expect(header.message).not.toContain('sk-secret');
    const arg = errorOf({ servers: { db: { command: 'x', args: ['--password', input('db')] } } });
    expect(arg.argument).toBe('servers.db.args[1]');
    expect(arg.message).toMatch(/^servers\.db\.args\[1\] uses \$\{input:db\}, a VS Code input/);
  });

  it('names the key of a bad env or header value without showing the value', () => {
    const error = errorOf({
      mcpServers: { a: { url: 'http://h', headers: { Authorization: 42, ok: 'token-1234' } } },
    });
    expect(error.argument).toBe('mcpServers.a.headers.Authorization');
    const env = errorOf({
      mcpServers: { a: { command: 'x', env: { API_KEY: ['sk-very-secret'] } } },
    });
    expect(env.message).not.toContain('sk-very-secret');
  });
});

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
      { mcpServers: { a: { url: 'http://h', type: 'sse' } } },
      'mcpServers.a.type',
      /SSE is not supported/,
    ],
  ])('rejects %j at %s', (config, argument, message) => {
    const error = errorOf(config);
    expect(error.argument).toBe(argument);
    expect(error.message).toMatch(message);
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

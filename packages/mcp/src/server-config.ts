import { InvalidArgumentError } from '@shortlist/core';

/** An upstream started as a child process that speaks MCP on stdin/stdout. */
export interface StdioServerConfig {
  readonly name: string;
  readonly transport: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  /** Added to a minimal safe environment; values are secrets and never logged. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** An upstream reached over Streamable HTTP. */
export interface HttpServerConfig {
  readonly name: string;
  readonly transport: 'http';
  readonly url: URL;
  /** Sent with every request; values are secrets and never logged. */
  readonly headers: Readonly<Record<string, string>>;
}

/** One upstream MCP server, as read from an `mcpServers` entry. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(argument: string, expected: string, message: string): never {
  throw new InvalidArgumentError({ argument, expected, message });
}

function stringRecord(value: unknown, argument: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value))
    fail(argument, 'an object of strings', `${argument} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    // The value may be a secret: name the key only.
    if (typeof entry !== 'string') {
      fail(`${argument}.${key}`, 'a string', `${argument}.${key} must be a string`);
    }
    out[key] = entry;
  }
  return out;
}

function parseServer(name: string, entry: unknown): ServerConfig {
  const at = `mcpServers.${name}`;
  if (!isRecord(entry)) {
    fail(
      at,
      'an object with command or url',
      `${at} must be an object with "command" (stdio) or "url" (Streamable HTTP)`,
    );
  }
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand === hasUrl) {
    fail(
      at,
      'exactly one of command or url',
      `${at} needs exactly one of "command" (stdio) or "url" (Streamable HTTP)`,
    );
  }
  if (
    entry.type !== undefined &&
    !['stdio', 'http', 'streamable-http', 'streamableHttp'].includes(String(entry.type))
  ) {
    fail(
      `${at}.type`,
      'stdio or http',
      `${at}.type "${String(entry.type)}" is not supported; use "stdio" or "http" (SSE is not supported)`,
    );
  }
  if (hasCommand) {
    if (typeof entry.command !== 'string' || entry.command.trim() === '') {
      fail(`${at}.command`, 'a non-empty string', `${at}.command must be a non-empty string`);
    }
    const args = entry.args ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      fail(`${at}.args`, 'an array of strings', `${at}.args must be an array of strings`);
    }
    if (entry.cwd !== undefined && typeof entry.cwd !== 'string') {
      fail(`${at}.cwd`, 'a string', `${at}.cwd must be a string`);
    }
    return {
      name,
      transport: 'stdio',
      command: entry.command,
      args,
      env: stringRecord(entry.env, `${at}.env`),
      ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
    };
  }
  let url: URL;
  try {
    url = new URL(String(entry.url));
  } catch {
    fail(`${at}.url`, 'an http(s) URL', `${at}.url is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`${at}.url`, 'an http(s) URL', `${at}.url must be http or https, got ${url.protocol}`);
  }
  return { name, transport: 'http', url, headers: stringRecord(entry.headers, `${at}.headers`) };
}

/**
 * Reads the `mcpServers` object clients already use (Claude Desktop, Cursor): either the whole
 * file `{ "mcpServers": { ... } }` or the inner object. Disabled entries (`"disabled": true`) are skipped.
 */
export function parseServerConfig(config: unknown): ServerConfig[] {
  if (!isRecord(config)) {
    fail(
      'config',
      'an object',
      'the config must be an object like { "mcpServers": { "name": { "command": "..." } } }',
    );
  }
  const servers = 'mcpServers' in config ? config.mcpServers : config;
  if (!isRecord(servers))
    fail('mcpServers', 'an object', 'mcpServers must be an object keyed by server name');
  const parsed: ServerConfig[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if (name.trim() === '')
      fail('mcpServers', 'non-empty server names', 'a server name in mcpServers is empty');
    if (isRecord(entry) && entry.disabled === true) continue;
    parsed.push(parseServer(name, entry));
  }
  if (parsed.length === 0) {
    fail(
      'mcpServers',
      'at least one enabled server',
      'mcpServers has no enabled server; add one like "files": { "command": "npx", "args": [...] }',
    );
  }
  return parsed;
}

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

/** An upstream reached over the older HTTP+SSE transport (VS Code's `"type": "sse"`). */
export interface SseServerConfig {
  readonly name: string;
  readonly transport: 'sse';
  readonly url: URL;
  /** Sent with every request; values are secrets and never logged. */
  readonly headers: Readonly<Record<string, string>>;
}

/** One upstream MCP server, as read from an `mcpServers` (or VS Code `servers`) entry. */
export type ServerConfig = StdioServerConfig | HttpServerConfig | SseServerConfig;

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

/** VS Code's `${input:id}` placeholders: values VS Code prompts for, which the gateway cannot. */
const inputReference = /\$\{input:([^}]*)\}/;

/** Refuses the first `${input:...}` in an entry's strings, naming where it is but not the value. */
function refuseInputs(
  at: string,
  entry: Record<string, unknown>,
  inputs: ReadonlyMap<string, string>,
) {
  const strings: [string, unknown][] = [
    [`${at}.command`, entry.command],
    [`${at}.url`, entry.url],
    [`${at}.cwd`, entry.cwd],
    ...(Array.isArray(entry.args)
      ? entry.args.map((arg, i): [string, unknown] => [`${at}.args[${i}]`, arg])
      : []),
    ...(['env', 'headers'] as const).flatMap((field) =>
      isRecord(entry[field])
        ? Object.entries(entry[field]).map(([key, value]): [string, unknown] => [
            `${at}.${field}.${key}`,
            value,
          ])
        : [],
    ),
  ];
  for (const [where, value] of strings) {
    const found = typeof value === 'string' ? inputReference.exec(value) : null;
    if (!found) continue;
    const id = found[1]!;
    const description = inputs.get(id);
    fail(
      where,
      'a value, not a VS Code input',
      `${where} uses \${input:${id}}${description ? ` (${JSON.stringify(description)})` : ''}, a VS Code input that only VS Code can prompt for; the gateway cannot. Write the value itself in the gateway's config (it is never logged)`,
    );
  }
}

function parseServer(
  name: string,
  entry: unknown,
  section: string,
  inputs: ReadonlyMap<string, string>,
): ServerConfig {
  const at = `${section}.${name}`;
  if (!isRecord(entry)) {
    fail(
      at,
      'an object with command or url',
      `${at} must be an object with "command" (stdio) or "url" (Streamable HTTP)`,
    );
  }
  refuseInputs(at, entry, inputs);
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand === hasUrl) {
    fail(
      at,
      'exactly one of command or url',
      `${at} needs exactly one of "command" (stdio) or "url" (Streamable HTTP)`,
    );
  }
  const type = entry.type === undefined ? undefined : String(entry.type);
  if (type !== undefined && !transportTypes.includes(type)) {
    fail(
      `${at}.type`,
      'stdio, http or sse',
      `${at}.type "${type}" is not supported; use "stdio", "http" (Streamable HTTP) or "sse"`,
    );
  }
  if (type === 'stdio' && hasUrl) {
    fail(
      `${at}.type`,
      'command for stdio',
      `${at} has "type": "stdio" but a "url"; give "command"`,
    );
  }
  if (type !== undefined && type !== 'stdio' && hasCommand) {
    fail(
      `${at}.type`,
      'url for http or sse',
      `${at} has "type": "${type}" but a "command"; give "url"`,
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
  return {
    name,
    transport: type === 'sse' ? 'sse' : 'http',
    url,
    headers: stringRecord(entry.headers, `${at}.headers`),
  };
}

const transportTypes = ['stdio', 'http', 'streamable-http', 'streamableHttp', 'sse'];

/** VS Code's `inputs` as id → description, for naming an input a server refers to. */
function inputDescriptions(inputs: unknown): Map<string, string> {
  const described = new Map<string, string>();
  if (!Array.isArray(inputs)) return described;
  for (const input of inputs) {
    if (isRecord(input) && typeof input.id === 'string' && typeof input.description === 'string')
      described.set(input.id, input.description);
  }
  return described;
}

/**
 * Which object holds the servers: `mcpServers` (Claude Desktop, Cursor), VS Code's `servers`
 * (beside its `inputs`), or the config itself when it is the inner object.
 */
function serversOf(config: Record<string, unknown>): { section: string; servers: unknown } {
  if ('mcpServers' in config) return { section: 'mcpServers', servers: config.mcpServers };
  // A server of the inner object that happens to be named "servers" has a command or url itself.
  const inner = config.servers;
  const namedServers = isRecord(inner) && ('command' in inner || 'url' in inner);
  if ('servers' in config && !namedServers) return { section: 'servers', servers: inner };
  return { section: 'mcpServers', servers: config };
}

/**
 * Reads the `mcpServers` object clients already use (Claude Desktop, Cursor), the whole file
 * `{ "mcpServers": { ... } }` or the inner object, or VS Code's `{ "servers": { ... } }` mcp.json.
 * Disabled entries (`"disabled": true`) are skipped.
 */
export function parseServerConfig(config: unknown): ServerConfig[] {
  if (!isRecord(config)) {
    fail(
      'config',
      'an object',
      'the config must be an object like { "mcpServers": { "name": { "command": "..." } } } (or VS Code\'s { "servers": { ... } })',
    );
  }
  const { section, servers } = serversOf(config);
  if (!isRecord(servers))
    fail(section, 'an object', `${section} must be an object keyed by server name`);
  const inputs = inputDescriptions(config.inputs);
  const parsed: ServerConfig[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if (name.trim() === '')
      fail(section, 'non-empty server names', `a server name in ${section} is empty`);
    if (isRecord(entry) && entry.disabled === true) continue;
    parsed.push(parseServer(name, entry, section, inputs));
  }
  if (parsed.length === 0) {
    fail(
      section,
      'at least one enabled server',
      `${section} has no enabled server; add one like "files": { "command": "npx", "args": [...] }`,
    );
  }
  return parsed;
}

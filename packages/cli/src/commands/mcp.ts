import { join } from 'node:path';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { InvalidArgumentError, memoryExampleStore, type Pipeline } from '@shortlist/core';
import type { Gateway, GatewayMode, ModeOptions } from '@shortlist/mcp';
import { type Command, InvalidArgumentError as CommanderError } from 'commander';
import {
  type EmbeddingFlags,
  embeddingSettings,
  impliedPipeline,
  withEmbeddingOptions,
} from '../embedding-options.js';
import { gatewayModeNames } from '../help-lists.js';
import { loadOptional } from '../optional-package.js';
import { collect, nonNegativeInteger, positiveInteger, positiveNumber } from '../options.js';
import { defaultBudget, pipelineNames } from '../pipeline-names.js';
import { stderrLine } from '../terminal-text.js';
import { readConfig } from './mcp-config.js';
import { mcpLoginCommands } from './mcp-login.js';

interface McpCommandOptions extends EmbeddingFlags {
  readonly config: string;
  readonly mode: string;
  readonly http?: number;
  readonly host: string;
  readonly tokenEnv: string;
  readonly allow?: string[];
  readonly filterQuery?: string;
  readonly limit?: number;
  readonly pipeline?: string;
  readonly budget?: number;
  readonly cache: boolean;
  readonly cacheDir?: string;
  readonly redis?: string;
  readonly learn: boolean;
  readonly maxSessions?: number;
  readonly sessionIdleSeconds?: number;
  readonly allowedHost?: string[];
  readonly maxCallSeconds?: number;
  readonly connectTimeout?: number;
  readonly startWait?: number;
  readonly authDir?: string;
  readonly authIssuer?: string;
  readonly authResource?: string;
  readonly authScope?: string[];
}

/** Flags that contradict each other or apply only with another: refused, naming what to drop. */
function refuseConflicts(options: McpCommandOptions): void {
  if (!options.cache && options.cacheDir !== undefined) {
    throw new InvalidArgumentError({
      argument: '--cache-dir',
      expected: '--cache-dir or --no-cache, not both',
      message:
        '--cache-dir and --no-cache contradict each other (where to keep the cache, and keep none); drop one',
    });
  }
  if (options.authIssuer === undefined && (options.authResource || options.authScope)) {
    throw new InvalidArgumentError({
      argument: options.authResource ? '--auth-resource' : '--auth-scope',
      expected: '--auth-issuer with it',
      message:
        '--auth-resource and --auth-scope describe the tokens of --auth-issuer; add --auth-issuer URL or drop them',
    });
  }
  if (options.http !== undefined) return;
  const httpOnly = [
    options.allowedHost !== undefined && '--allowed-host',
    options.maxSessions !== undefined && '--max-sessions',
    options.sessionIdleSeconds !== undefined && '--session-idle-seconds',
    options.authIssuer !== undefined && '--auth-issuer',
    options.authResource !== undefined && '--auth-resource',
    options.authScope !== undefined && '--auth-scope',
  ].filter((flag): flag is string => typeof flag === 'string');
  if (httpOnly.length > 0) {
    throw new InvalidArgumentError({
      argument: httpOnly[0]!,
      expected: `--http with ${httpOnly.join(', ')}`,
      message: `${httpOnly.join(', ')} apply to the HTTP gateway; add --http PORT or drop ${httpOnly.length === 1 ? 'it' : 'them'}`,
    });
  }
}

function modeOptions(
  options: McpCommandOptions,
  gatewayModes: readonly GatewayMode[],
): ModeOptions {
  if (!(gatewayModes as readonly string[]).includes(options.mode)) {
    throw new InvalidArgumentError({
      argument: '--mode',
      expected: gatewayModes.join(', '),
      message: `unknown --mode "${options.mode}"; choose one of ${gatewayModes.join(', ')}`,
    });
  }
  const mode = options.mode as GatewayMode;
  if (mode === 'filter' && !options.allow?.length && !options.filterQuery) {
    throw new InvalidArgumentError({
      argument: '--mode filter',
      expected: '--allow or --filter-query',
      message: '--mode filter needs --allow NAMES (e.g. github__*) or --filter-query "TEXT"',
    });
  }
  return {
    mode,
    ...(options.allow ? { allow: options.allow } : {}),
    ...(options.filterQuery ? { filterQuery: options.filterQuery } : {}),
    ...(options.limit ? { dynamicLimit: options.limit, filterLimit: options.limit } : {}),
  };
}

/**
 * Replicas behind one Redis build the index once between them: the first indexes and stores a
 * snapshot keyed by the tool list and pipeline, the others restore it.
 */
function sharedIndex(options: McpCommandOptions) {
  return async (pipeline: Pipeline, tools: readonly McpTool[]) => {
    const { restoreOrIndex } = await loadOptional(
      '@shortlist/redis',
      'shortlist mcp --redis',
      () => import('@shortlist/redis'),
    );
    const { picker, source } = await restoreOrIndex(pipeline, tools, {
      redis: options.redis!,
      configuration: { pipeline: options.pipeline ?? 'lexical', budget: options.budget ?? null },
      onWarning: (message) => stderrLine(`shortlist mcp: ${message}`),
    });
    process.stderr.write(`shortlist mcp: index ${source} (${tools.length} tools, Redis)\n`);
    return picker;
  };
}

/** Commander parser for `--http`: a TCP port, 0 picking a free one. */
function port(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 0 || number > 65535) {
    throw new CommanderError('must be an integer from 0 to 65535 (0 picks a free port).');
  }
  return number;
}

/** Runs the gateway until the client hangs up (stdio) or the process is stopped (HTTP). */
async function mcpAction(options: McpCommandOptions): Promise<void> {
  // The MCP SDK and Redis client load only when the gateway runs, not for every CLI start.
  const {
    checkHttpOptions,
    createGateway,
    defaultCacheDirectory,
    gatewayModes,
    serveHttp,
    serveStdio,
  } = await loadOptional('@shortlist/mcp', 'shortlist mcp', () => import('@shortlist/mcp'));
  refuseConflicts(options);
  const modes = modeOptions(options, gatewayModes);
  const token = process.env[options.tokenEnv];
  const http =
    options.http === undefined
      ? undefined
      : {
          ...modes,
          port: options.http,
          host: options.host,
          ...(token ? { token } : {}),
          ...(options.allowedHost ? { allowedHosts: options.allowedHost } : {}),
          ...(options.maxSessions ? { maxSessions: options.maxSessions } : {}),
          ...(options.sessionIdleSeconds
            ? { sessionIdleMs: options.sessionIdleSeconds * 1000 }
            : {}),
          ...(options.authIssuer
            ? {
                authorization: {
                  issuer: options.authIssuer,
                  ...(options.authResource ? { resource: options.authResource } : {}),
                  ...(options.authScope ? { scopes: options.authScope } : {}),
                },
              }
            : {}),
        };
  // Every flag is checked before an upstream starts: a bad one must not leave processes behind.
  if (http) checkHttpOptions(http);
  const config = await readConfig(options.config);
  // Stopped while upstreams connect: createGateway stops them all before it rejects.
  const starting = new AbortController();
  const stopStarting = () => starting.abort(new Error('stopped while starting'));
  process.once('SIGINT', stopStarting);
  process.once('SIGTERM', stopStarting);
  const warn = (message: string) => stderrLine(`shortlist mcp: ${message}`);
  // Embeddings outlive the index: when one upstream changes, only its new texts are embedded.
  const { embeddingCache } = await import('../embedding-cache.js');
  const embeddingStore = options.cache
    ? embeddingCache(join(options.cacheDir ?? defaultCacheDirectory(), 'embeddings.cache'), warn)
    : undefined;
  const { createPipeline } = await import('../pipelines.js');
  // Learning from calls is on unless --no-learn: shared through Redis, else beside the snapshots.
  const { openExampleStore, openSharedExampleStore } = await import('../open-example-store.js');
  const opened = !options.learn
    ? undefined
    : options.redis
      ? await openSharedExampleStore(options.redis, warn)
      : options.cache
        ? await openExampleStore(options.cacheDir ?? defaultCacheDirectory(), warn)
        : { store: memoryExampleStore(), close: async () => undefined };
  const examples = opened?.store;
  let gateway: Gateway;
  try {
    gateway = await createGateway({
      config,
      pipeline: await createPipeline(options.pipeline ?? impliedPipeline(options, 'lexical'), {
        budget: options.budget,
        ...embeddingSettings(options),
        ...(embeddingStore ? { embeddingStore } : {}),
        ...(examples ? { examples } : {}),
      }),
      // Calls teach the pipeline through picker.learn(); its store is the one opened above.
      learn: examples !== undefined,
      ...(options.redis ? { openPicker: sharedIndex(options) } : {}),
      ...(options.cache
        ? options.cacheDir
          ? { cacheDirectory: options.cacheDir }
          : {}
        : { cacheDirectory: false }),
      ...(options.maxCallSeconds ? { maxCallMs: options.maxCallSeconds * 1000 } : {}),
      ...(options.connectTimeout ? { connectTimeoutMs: options.connectTimeout } : {}),
      ...(options.startWait !== undefined ? { startWaitMs: options.startWait } : {}),
      ...(options.authDir ? { authDirectory: options.authDir } : {}),
      signal: starting.signal,
    });
  } catch (error) {
    await embeddingStore?.close?.();
    await opened?.close();
    if (starting.signal.aborted) process.exit(0);
    throw error;
  } finally {
    process.off('SIGINT', stopStarting);
    process.off('SIGTERM', stopStarting);
  }
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await gateway.close();
      await embeddingStore?.close?.();
      await opened?.close();
      process.exit(0);
    })();
    return stopping;
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    if (!http) {
      await serveStdio(gateway, modes);
      process.stdin.once('end', stop);
      return;
    }
    const served = await serveHttp(gateway, http);
    process.stderr.write(
      `shortlist mcp: ${gateway.size} tools, ${modes.mode} mode, at ${served.url.href}${token ? ' (bearer token required)' : ''}${options.authIssuer ? ` (OAuth tokens from ${options.authIssuer})` : ''}\n`,
    );
  } catch (error) {
    // Say, the port is taken: stop the upstreams, or they keep the process alive.
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await gateway.close();
    await embeddingStore?.close?.();
    throw error;
  }
}

/** Registers `shortlist mcp`: one MCP server in front of every server of an mcpServers config. */
export function mcpCommand(program: Command): void {
  const command = program
    .command('mcp')
    .description(
      'serve every MCP server of a config behind tool search (stdio, or HTTP with --http)',
    )
    .requiredOption(
      '-c, --config <file>',
      "JSON with an mcpServers object (Claude Desktop, Cursor) or VS Code's mcp.json servers",
    )
    .option('--mode <mode>', `how tools are offered: ${gatewayModeNames.join(', ')}`, 'search')
    .option(
      '--http <port>',
      'serve Streamable HTTP on this port instead of stdio (0 picks one)',
      port,
    )
    .option(
      '--host <address>',
      'address to bind with --http; beyond loopback needs the bearer token',
      '127.0.0.1',
    )
    .option(
      '--allowed-host <names>',
      'with --http: host names clients reach the gateway by, besides the bound address and localhost',
      collect,
    )
    .option(
      '--token-env <name>',
      'environment variable holding the HTTP bearer token',
      'SHORTLIST_MCP_TOKEN',
    )
    .option(
      '--auth-issuer <url>',
      "with --http: also accept access tokens (JWTs for this gateway) from this authorization server, and publish the gateway's OAuth metadata",
    )
    .option(
      '--auth-resource <url>',
      'with --auth-issuer: the URL clients reach the gateway by, which tokens must name as audience (default the served URL)',
    )
    .option('--auth-scope <scope>', 'with --auth-issuer: a scope every token must carry', collect)
    .option(
      '--max-call-seconds <s>',
      'longest an upstream tool call may take, whatever progress it reports (default 300)',
      positiveNumber,
    )
    .option(
      '--connect-timeout <ms>',
      'longest an upstream may take to connect and list its tools; past it it is reported and retried in the background (default 30000)',
      positiveInteger,
    )
    .option(
      '--start-wait <ms>',
      'longest to wait for slow upstreams before serving the ready ones; the others join when they connect (default 5000)',
      nonNegativeInteger,
    )
    .option(
      '--max-sessions <n>',
      'with --http: most client sessions open at once (default 1000)',
      positiveInteger,
    )
    .option(
      '--session-idle-seconds <s>',
      'with --http: close a session after this long without a request (default 1800)',
      positiveNumber,
    )
    .option(
      '--allow <names>',
      'filter mode: tool names to serve (github__* matches a prefix)',
      collect,
    )
    .option('--filter-query <text>', 'filter mode: serve the tools that best fit this text')
    .option(
      '-l, --limit <n>',
      'dynamic: most exposed tools (20); filter: most tools a query picks (20)',
      positiveInteger,
    )
    .option('-p, --pipeline <name>', `pipeline: ${pipelineNames.join(', ')} (default lexical)`)
    .option(
      '-b, --budget <tokens>',
      `token budget of search_tools answers (default ${defaultBudget})`,
      positiveInteger,
    )
    .option(
      '--cache-dir <dir>',
      'where index snapshots and the embedding cache are kept (default: the user cache directory)',
    )
    .option('--no-cache', 'keep no index snapshots or embeddings on disk')
    .option(
      '--auth-dir <dir>',
      'where upstream sign-ins (shortlist mcp login) are kept (default ~/.config/shortlist/auth)',
    )
    .option(
      '--redis <url>',
      'share index snapshots with other replicas through Redis (redis://host:port)',
    )
    .option(
      '--no-learn',
      'record nothing from calls (by default a found tool that is called ranks higher next time)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  shortlist mcp --config servers.json\n  shortlist mcp --config servers.json login github\n  SHORTLIST_MCP_TOKEN=$(openssl rand -hex 32) shortlist mcp --config servers.json --http 3000',
    )
    .action(mcpAction);
  withEmbeddingOptions(command);
  mcpLoginCommands(command);
}

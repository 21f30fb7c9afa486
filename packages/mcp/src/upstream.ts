import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type Tool as McpTool,
  type Progress,
  ToolListChangedNotificationSchema,
  ToolSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { redactor } from '@shortlist/remote';
import * as z from 'zod/v4';
import { isSignInRequired, signInHint } from './auth-provider.js';
import { gatewayAuth, withSignInSecrets } from './auth-upstream.js';
import { cappedFetch } from './capped-fetch.js';
import { Pause, relistPauseMs } from './churn-pacing.js';
import { mcpError } from './mcp-error.js';
import { upstreamSecrets } from './redact.js';
import type { ServerConfig } from './server-config.js';
import { redactedLines } from './stderr-lines.js';
import { stopTransport, watchProcess } from './stop-transport.js';
import { oversizedMessage, oversizedTool } from './tool-limits.js';

/** Timings and hooks of one upstream connection; every duration is in milliseconds. */
export interface UpstreamOptions {
  /** Longest one attempt may take to connect and list tools; past it the attempt is stopped and retried. @default 30000 */
  readonly connectTimeoutMs?: number;
  /** Longest wait for a tool call; progress from the upstream restarts the clock. @default 60000 */
  readonly callTimeoutMs?: number;
  /** Longest a tool call may take in all, whatever progress the upstream reports. @default 300000 */
  readonly maxCallMs?: number;
  /** First reconnect delay, doubled on each failure. @default 500 */
  readonly reconnectDelayMs?: number;
  /** Longest reconnect delay. @default 30000 */
  readonly maxReconnectDelayMs?: number;
  /** Where a stdio upstream's stderr lines go, redacted: our stderr, nowhere, or a function. @default 'inherit' */
  readonly stderr?: 'inherit' | 'ignore' | ((line: string) => void);
  /** Where OAuth sign-ins are kept (`shortlist mcp login`); absent: upstreams sign in to nothing. */
  readonly authDirectory?: string;
  /** Called with the upstream's complete tool list after each listing. */
  readonly onTools: (tools: readonly McpTool[]) => void;
  /** Warnings, already free of secrets. */
  readonly onWarning: (message: string) => void;
}

/** Options of one proxied tool call. */
export interface UpstreamCallOptions {
  readonly signal?: AbortSignal;
  readonly onprogress?: (progress: Progress) => void;
}

/** A connected (or reconnecting) upstream MCP server. */
export interface Upstream {
  readonly name: string;
  /** True while a session is open. */
  readonly connected: boolean;
  /** True while the upstream refuses the gateway until the user signs in (`shortlist mcp login`). */
  readonly needsSignIn: boolean;
  /** Resolves after the first connection and listing, or rejects when they fail (retrying continues). */
  readonly ready: Promise<void>;
  call(
    tool: string,
    args: Record<string, unknown>,
    options?: UpstreamCallOptions,
  ): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Longest a tool call may take in all by default: 5 minutes. */
const defaultMaxCallMs = 5 * 60_000;

/** Tools are checked one by one, so one malformed tool cannot sink its whole page. */
const LenientListSchema = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

/** Guards against a server whose cursors never end. */
const maxPages = 1000;

const mcpPrefix = /^MCP error -?\d+: /;

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(mcpPrefix, '');
}

/** Starts an upstream: connects, lists every page of tools, follows `list_changed`, reconnects. */
export function connectUpstream(config: ServerConfig, options: UpstreamOptions): Upstream {
  const redaction = redactor(upstreamSecrets(config));
  const auth = gatewayAuth(config, options.authDirectory);
  const clean = withSignInSecrets(redaction.clean, auth);
  let needsSignIn = false;
  const stderr = options.stderr ?? 'inherit';
  const warn = (message: string) =>
    options.onWarning(clean(`upstream "${config.name}": ${message}`));
  const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
  const callTimeoutMs = options.callTimeoutMs ?? 60_000;
  const maxCallMs = options.maxCallMs ?? defaultMaxCallMs;
  const firstDelay = options.reconnectDelayMs ?? 500;
  const maxDelay = options.maxReconnectDelayMs ?? 30_000;

  let client: Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  /** Malformed tools already warned about, so a relist does not warn again. */
  const warned = new Set<string>();
  /** The session whose stdio message passed the SDK's cap, so what failed with it says why. */
  let overflowed: Client | undefined;
  /** Every transport opened and not yet closed, connected or connecting, so close() stops all. */
  const transports = new Set<Transport>();
  /** Between back-to-back listings of an upstream that relists without pause; close() ends it. */
  const relistPause = new Pause();

  const transportFor = (): Transport => {
    const transport = openTransport();
    transports.add(transport);
    return transport;
  };
  const openTransport = (): Transport => {
    if (config.transport === 'http') {
      return new StreamableHTTPClientTransport(config.url, {
        requestInit: { headers: { ...config.headers } },
        ...auth?.transportOptions,
        // Messages over the cap are never read whole, whichever fetch signs the requests.
        fetch: cappedFetch(config.name, auth?.transportOptions.fetch),
      });
    }
    if (config.transport === 'sse') {
      return new SSEClientTransport(config.url, {
        requestInit: { headers: { ...config.headers } },
        ...auth?.transportOptions,
      });
    }
    const transport = new StdioClientTransport({
      command: config.command,
      args: [...config.args],
      env: { ...config.env },
      ...(config.cwd ? { cwd: config.cwd } : {}),
      stderr: stderr === 'ignore' ? 'ignore' : 'pipe',
    });
    watchProcess(transport);
    if (transport.stderr) {
      // Servers log their environment, keys included: nothing passes through unredacted.
      redactedLines(
        transport.stderr as Readable,
        redaction,
        typeof stderr === 'function' ? stderr : (line) => process.stderr.write(`${line}\n`),
      );
    }
    return transport;
  };

  const listAll = async (session: Client): Promise<McpTool[]> => {
    const tools: McpTool[] = [];
    const seen = new Set<string>();
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const result = await session.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        LenientListSchema,
        { timeout: connectTimeoutMs },
      );
      for (const raw of result.tools) {
        const name = (raw as { name?: unknown } | null)?.name;
        const label =
          typeof name === 'string' ? `"${name.slice(0, 200)}"` : 'a tool without a name';
        const oversized = oversizedTool(raw);
        if (oversized) {
          if (!warned.has(`${label}:${oversized}`)) {
            warned.add(`${label}:${oversized}`);
            warn(`skipped ${label}: ${oversized}`);
          }
          continue;
        }
        const parsed = ToolSchema.safeParse(raw);
        if (!parsed.success) {
          const key = `${label}:${JSON.stringify(raw)}`;
          if (!warned.has(key)) {
            warned.add(key);
            const issue = parsed.error.issues[0];
            const where = issue?.path.length ? issue.path.join('.') : 'the tool';
            warn(
              `skipped ${label}: malformed definition (${where}: ${issue?.message ?? 'invalid'})`,
            );
          }
          continue;
        }
        if (seen.has(parsed.data.name)) {
          warn(`skipped a second tool named "${parsed.data.name}"`);
          continue;
        }
        seen.add(parsed.data.name);
        tools.push(parsed.data as McpTool);
      }
      cursor = result.nextCursor;
      if (cursor === undefined) return tools;
      if (cursors.has(cursor)) {
        warn(
          `tools/list repeated cursor "${cursor}"; keeping the ${tools.length} tools read so far`,
        );
        return tools;
      }
      cursors.add(cursor);
    }
    warn(
      `tools/list gave more than ${maxPages} pages; keeping the ${tools.length} tools read so far`,
    );
    return tools;
  };

  /**
   * One listing at a time per session; a `list_changed` during a listing asks for one more
   * afterwards, paced by the size of the last (see churn-pacing.ts). Each call resolves when a
   * listing started after it is in, so connecting never waits on the listings that follow.
   * Per session, so a new session never waits on a listing of the one that died.
   */
  const lister = (session: Client): (() => Promise<void>) => {
    /** The listing asked for and not started yet: every request until it starts joins it. */
    let next: Deferred | undefined;
    let running = false;
    let pausedUntil = 0;
    const run = async () => {
      running = true;
      try {
        while (next && client === session) {
          await relistPause.wait(pausedUntil - Date.now());
          const pass = next;
          next = undefined;
          try {
            const tools = await listAll(session);
            if (client === session) options.onTools(tools);
            pausedUntil = Date.now() + relistPauseMs(tools.length);
            pass.resolve();
          } catch (error) {
            pass.reject(error);
            return;
          }
        }
      } finally {
        running = false;
        // Asked for after the session ended or failed: the next session lists afresh.
        next?.resolve();
        next = undefined;
      }
    };
    return () => {
      next ??= deferred();
      const { promise } = next;
      if (!running) void run();
      return promise;
    };
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = Math.min(maxDelay, firstDelay * 2 ** attempt);
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(() => undefined);
    }, delay);
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    const session = new Client(
      { name: 'shortlist-gateway', version: '0.0.0' },
      { capabilities: {} },
    );
    // The SDK closes a stdio session whose message passes its 10 MiB buffer; remember why.
    session.onerror = (error) => {
      if (/ReadBuffer exceeded maximum size/.test(error.message)) overflowed = session;
    };
    const relist = lister(session);
    session.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (client === session)
        relist().catch((error) =>
          warn(
            overflowed === session
              ? oversizedMessage('tools/list')
              : `re-listing tools failed: ${describe(error)}`,
          ),
        );
    });
    let opened = false;
    const transport = transportFor();
    session.onclose = () => {
      transports.delete(transport);
      if (client === session) client = undefined;
      if (opened && !closed) {
        warn(
          overflowed === session
            ? `${oversizedMessage('a request')}; reconnecting`
            : 'connection closed; reconnecting',
        );
        scheduleReconnect();
      }
    };
    try {
      await session.connect(transport, { timeout: connectTimeoutMs });
      opened = true;
      if (closed) {
        await stopTransport(transport);
        return;
      }
      client = session;
      await relist();
      attempt = 0;
      needsSignIn = false;
    } catch (error) {
      if (client === session) client = undefined;
      await stopTransport(transport).catch(() => undefined);
      transports.delete(transport);
      if (!closed && isSignInRequired(error)) {
        // Said once, not on every retry; a retry picks up a sign-in made meanwhile.
        if (!needsSignIn) {
          warn(signInHint(config.name));
          options.onTools([]);
        }
        needsSignIn = true;
        scheduleReconnect();
      } else if (!closed) {
        const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
        warn(
          overflowed === session
            ? `${oversizedMessage('tools/list')}; retrying`
            : timedOut
              ? `did not connect within ${connectTimeoutMs} ms (connectTimeoutMs, shortlist mcp: --connect-timeout); the other upstreams are served, and this one is retried in the background`
              : `could not connect: ${describe(error)}; retrying`,
        );
        scheduleReconnect();
      }
      throw mcpError(
        ErrorCode.ConnectionClosed,
        clean(`upstream "${config.name}" could not connect: ${describe(error)}`),
      );
    }
  };

  const ready = connect();
  ready.catch(() => undefined);

  return {
    name: config.name,
    get connected() {
      return client !== undefined;
    },
    get needsSignIn() {
      return needsSignIn;
    },
    ready,
    async call(tool, args, callOptions = {}) {
      const session = client;
      if (!session) {
        throw mcpError(
          ErrorCode.ConnectionClosed,
          `upstream "${config.name}" is not connected; it is reconnecting, try again shortly`,
        );
      }
      // Progress restarts the per-wait timeout, never this one: an upstream that reports
      // progress forever would otherwise hold the call open forever.
      const limit = new AbortController();
      const timer = setTimeout(() => limit.abort(), maxCallMs);
      const signal = callOptions.signal
        ? AbortSignal.any([callOptions.signal, limit.signal])
        : limit.signal;
      try {
        return (await session.request(
          { method: 'tools/call', params: { name: tool, arguments: args } },
          CallToolResultSchema,
          {
            timeout: callTimeoutMs,
            resetTimeoutOnProgress: true,
            maxTotalTimeout: maxCallMs,
            signal,
            ...(callOptions.onprogress ? { onprogress: callOptions.onprogress } : {}),
          },
        )) as CallToolResult;
      } catch (error) {
        if (overflowed === session) {
          // As HTTP upstreams answer (capped-fetch.ts): the model reads why, not a closed connection.
          return {
            content: [
              {
                type: 'text',
                text: `upstream "${config.name}" closed while running "${tool}": it ${oversizedMessage('tools/call')}`,
              },
            ],
            isError: true,
          };
        }
        if (limit.signal.aborted || /Maximum total timeout/.test(describe(error))) {
          throw mcpError(
            ErrorCode.RequestTimeout,
            `upstream "${config.name}" did not finish "${tool}" within its ${maxCallMs} ms limit, progress or not; raise maxCallMs (shortlist mcp: --max-call-seconds) if it needs longer`,
          );
        }
        const code = error instanceof McpError ? error.code : ErrorCode.InternalError;
        if (
          !(error instanceof McpError) &&
          !signal.aborted &&
          config.transport !== 'stdio' &&
          client === session
        ) {
          // A failed fetch leaves no open stream to close: start over on the next attempt.
          client = undefined;
          session.close().catch(() => undefined);
          scheduleReconnect();
        }
        throw mcpError(
          code,
          clean(`upstream "${config.name}" failed calling "${tool}": ${describe(error)}`),
        );
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      relistPause.stop();
      if (timer) clearTimeout(timer);
      client = undefined;
      await Promise.allSettled([...transports].map(stopTransport));
      transports.clear();
    },
  };
}

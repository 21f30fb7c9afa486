import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ResourceAuthorization, ResourceGuard } from './auth-resource.js';
import { checkHttpOptions } from './check-http-options.js';
import { createDownstreamServer } from './downstream-server.js';
import type { Gateway } from './gateway.js';
import { hostCheck, isLoopback } from './host-check.js';
import { defaultMaxSessions, sessionTable } from './http-sessions.js';
import type { ModeOptions } from './mode-options.js';

/** Where and to whom the gateway answers over Streamable HTTP. */
export interface HttpOptions extends ModeOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  readonly port?: number;
  /** Address to bind; anything but loopback exposes the gateway to the network and needs `token`. @default '127.0.0.1' */
  readonly host?: string;
  /** When set, every request must carry `Authorization: Bearer <token>`; at least 16 characters. */
  readonly token?: string;
  /**
   * Also accept access tokens from this authorization server (JWTs for this gateway), and
   * publish protected-resource metadata so MCP clients sign in the standard way.
   */
  readonly authorization?: ResourceAuthorization;
  /** Host names clients may reach the gateway by, besides the bound address and loopback names. */
  readonly allowedHosts?: readonly string[];
  /** Origins browsers may call from, besides the gateway's own loopback origins. */
  readonly allowedOrigins?: readonly string[];
  /** The path served. @default '/mcp' */
  readonly path?: string;
  /** Most sessions open at once; a client past it gets HTTP 503 until one closes. @default 1000 */
  readonly maxSessions?: number;
  /** A session with no request for this long is closed and freed. @default 1800000 (30 min) */
  readonly sessionIdleMs?: number;
}

/** A running HTTP gateway. */
export interface HttpGateway {
  /** The URL clients connect to, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: URL;
  /** Sessions open or being opened, at most `maxSessions`. */
  readonly sessions: number;
  close(): Promise<void>;
}

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  data?: Record<string, unknown>,
): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  const error = data ? { code: -32000, message, data } : { code: -32000, message };
  res.end(JSON.stringify({ jsonrpc: '2.0', error, id: null }));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Serves the gateway over Streamable HTTP, one MCP session per client. Binds loopback by default,
 * refuses foreign Origin and Host headers (DNS rebinding) and checks the bearer token when set.
 */
export async function serveHttp(gateway: Gateway, options: HttpOptions = {}): Promise<HttpGateway> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  checkHttpOptions(options);
  const checkHost = hostCheck(host, options.allowedHosts);
  const maxSessions = options.maxSessions ?? defaultMaxSessions;
  const sessions = sessionTable(maxSessions, options.sessionIdleMs);
  let port = 0;
  // Loaded only when asked for: it brings the SDK's Express-based auth modules.
  const guardFor = options.authorization
    ? (await import('./auth-resource.js')).resourceGuard
    : undefined;
  let guard: ResourceGuard | undefined;

  const allowedOrigin = (origin: string): boolean => {
    if (options.allowedOrigins?.includes(origin)) return true;
    try {
      const url = new URL(origin);
      return isLoopback(url.hostname) && Number(url.port) === port;
    } catch {
      return false;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const metadataRequest = guard !== undefined && url.pathname === guard.metadataPath;
    if (url.pathname !== path && !metadataRequest)
      return reply(res, 404, `not found; the MCP endpoint is ${path}`);
    const verdict = checkHost(req.headers.host, port);
    if (verdict === 'malformed') {
      return reply(
        res,
        400,
        'missing or malformed Host header; send the host and port you connect to',
      );
    }
    if (verdict === 'forbidden') {
      return reply(
        res,
        403,
        'forbidden Host header; the gateway answers only to the host names it was set up with',
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigin(origin)) return reply(res, 403, 'forbidden Origin');
    if (metadataRequest) return guard!.sendMetadata(res);
    if (options.token !== undefined || options.authorization) {
      const auth = req.headers.authorization ?? '';
      const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      const staticToken = options.token !== undefined && sameSecret(given, options.token);
      if (!staticToken && guard) {
        if (!(await guard.check(req, res))) return;
      } else if (!staticToken) {
        res.setHeader('www-authenticate', 'Bearer');
        return reply(res, 401, 'missing or wrong bearer token');
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const transport = sessions.use(sessionId, res);
      if (!transport) return reply(res, 404, 'unknown or expired session; initialize a new one');
      return transport.handleRequest(req, res);
    }
    if (!sessions.reserve()) {
      return reply(
        res,
        503,
        `the gateway serves at most ${maxSessions} sessions and all are open; close sessions you no longer use (HTTP DELETE with their mcp-session-id) or retry later`,
        { reason: 'session-limit', maxSessions },
      );
    }
    // No session yet: the transport accepts only an initialize request here.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.add(id, transport);
      },
    });
    const server = createDownstreamServer(gateway, options);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      server.close().catch(() => undefined);
    };
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } finally {
      sessions.release();
    }
    if (!transport.sessionId) await server.close();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) reply(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  }).catch(async (error) => {
    await sessions.close();
    throw error;
  });
  port = (http.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  const served = new URL(`http://${shown}:${port}${path}`);
  if (guardFor && options.authorization) guard = guardFor(options.authorization, served);
  return {
    url: served,
    get sessions() {
      return sessions.size;
    },
    async close() {
      await sessions.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

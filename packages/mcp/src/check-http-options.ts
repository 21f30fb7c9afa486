import { InvalidArgumentError } from '@shortlist/core';
import { isLoopback } from './host-check.js';
import type { HttpOptions } from './serve-http.js';

function fail(argument: string, expected: string, message: string): never {
  throw new InvalidArgumentError({ argument, expected, message });
}

/**
 * Checks HTTP options the way `serveHttp` does, without serving: a command line calls it before
 * starting any upstream, so a bad flag never leaves processes behind.
 */
export function checkHttpOptions(options: HttpOptions): void {
  const { port, token, host = '127.0.0.1', maxSessions, sessionIdleMs } = options;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    fail(
      'port',
      'an integer from 0 to 65535',
      `port must be an integer from 0 to 65535 (0 picks a free one), got ${String(port)}`,
    );
  }
  if (token !== undefined && token.length < 16) {
    fail(
      'token',
      'at least 16 characters',
      'the HTTP bearer token must be at least 16 characters; generate one with `openssl rand -hex 32`',
    );
  }
  if (token === undefined && options.authorization === undefined && !isLoopback(host)) {
    fail(
      'token',
      'a bearer token or an authorization server when host is not loopback',
      `binding ${host} exposes the gateway to the network; set a bearer token (the token option; \`shortlist mcp\` reads it from SHORTLIST_MCP_TOKEN), an authorization server (authorization; --auth-issuer) or bind 127.0.0.1`,
    );
  }
  checkAuthorization(options);
  if (maxSessions !== undefined && !(Number.isInteger(maxSessions) && maxSessions > 0)) {
    fail(
      'maxSessions',
      'a positive integer',
      `maxSessions must be a positive integer, got ${String(maxSessions)}`,
    );
  }
  if (sessionIdleMs !== undefined && !(sessionIdleMs > 0 && Number.isFinite(sessionIdleMs))) {
    fail(
      'sessionIdleMs',
      'a positive number of milliseconds',
      `sessionIdleMs must be a positive number of milliseconds, got ${String(sessionIdleMs)}`,
    );
  }
}

/** The issuer, resource and JWKS given for OAuth must be http(s) URLs. */
function checkAuthorization({ authorization }: HttpOptions): void {
  if (authorization === undefined) return;
  for (const field of ['issuer', 'resource', 'jwksUri'] as const) {
    const value = authorization[field];
    if (value === undefined && field !== 'issuer') continue;
    let url: URL | undefined;
    try {
      url = new URL(String(value));
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      fail(
        `authorization.${field}`,
        'an http(s) URL',
        `authorization.${field} must be an http(s) URL, got ${JSON.stringify(String(value))}`,
      );
    }
  }
}

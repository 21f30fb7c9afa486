import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ApiCallError, InvalidArgumentError } from '@shortlist/core';
import { redactor } from '@shortlist/remote';
import { defaultAuthDirectory } from './auth-directory.js';
import { type UpstreamAuth, upstreamAuth } from './auth-provider.js';
import { type SignInStore, signInStore } from './auth-store.js';
import { type HttpServerConfig, parseServerConfig, type SseServerConfig } from './server-config.js';

/** Which upstream to sign in to (or out of), and where sign-ins are kept. */
export interface SignInTarget {
  /** The gateway's config, as `createGateway` takes it. */
  readonly config: unknown;
  /** The upstream's name in the config. */
  readonly server: string;
  /** @default `$XDG_CONFIG_HOME/shortlist/auth` or `~/.config/shortlist/auth` */
  readonly authDirectory?: string;
}

/** How `signInUpstream` shows the authorization URL and how long it waits for the browser. */
export interface SignInOptions extends SignInTarget {
  /** Shows the user the URL to open; the code comes back to a loopback redirect. */
  readonly onAuthorizationUrl: (url: URL) => void;
  /** Longest wait for the browser to come back. @default 300000 (5 min) */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** What a sign-in achieved. */
export interface SignInResult {
  /** False when the upstream let the gateway in without signing in. */
  readonly signedIn: boolean;
  /** Tools the upstream lists now. */
  readonly tools: number;
  /** The user-only file that holds the tokens. */
  readonly path: string;
}

function fail(argument: string, expected: string, message: string): never {
  throw new InvalidArgumentError({ argument, expected, message });
}

/** The URL upstream named `server`, refusing stdio ones and ones with static credentials. */
function remoteServer(target: SignInTarget): HttpServerConfig | SseServerConfig {
  const servers = parseServerConfig(target.config);
  const found = servers.find((server) => server.name === target.server);
  if (!found) {
    const names = servers.map((server) => server.name).join(', ');
    fail(
      'server',
      `one of ${names}`,
      `no upstream named "${target.server}"; the config has ${names}`,
    );
  }
  if (found.transport === 'stdio') {
    fail(
      'server',
      'an upstream with a url',
      `upstream "${found.name}" runs as a local command; only a server reached by "url" signs in`,
    );
  }
  if (Object.keys(found.headers).some((name) => name.toLowerCase() === 'authorization')) {
    fail(
      'server',
      'an upstream without an Authorization header',
      `upstream "${found.name}" has a static Authorization header, which the gateway sends instead of signing in; remove the header to sign in`,
    );
  }
  return found;
}

function connectWith(config: HttpServerConfig | SseServerConfig, auth: UpstreamAuth) {
  const init = { requestInit: { headers: { ...config.headers } }, authProvider: auth.provider };
  return config.transport === 'sse'
    ? new SSEClientTransport(config.url, init)
    : new StreamableHTTPClientTransport(config.url, init);
}

/** Lists the upstream's tools once, to show the sign-in works; closes the session after. */
async function countTools(config: HttpServerConfig | SseServerConfig, auth: UpstreamAuth) {
  const client = new Client({ name: 'shortlist-gateway', version: '0.0.0' });
  await client.connect(connectWith(config, auth));
  try {
    return (await client.listTools()).tools.length;
  } finally {
    await client.close();
  }
}

/** A one-shot loopback server for the authorization code, on 127.0.0.1 and a free port. */
async function loopbackRedirect(state: () => string) {
  let settle: { resolve(code: string): void; reject(error: Error): void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const error = [url.searchParams.get('error'), url.searchParams.get('error_description')]
      .filter(Boolean)
      .join(': ');
    const given = url.searchParams.get('code');
    const ok = !error && given && url.searchParams.get('state') === state();
    res.writeHead(ok ? 200 : 400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(
      ok
        ? 'Signed in. You can close this tab.'
        : 'Sign-in did not complete; run shortlist mcp login again.',
    );
    if (ok) settle!.resolve(given);
    else {
      settle!.reject(
        new ApiCallError({
          provider: 'oauth authorization server',
          reason: 'authentication',
          retryable: true,
          message: error
            ? `the authorization server refused the sign-in: ${error.slice(0, 200)}`
            : 'the sign-in redirect had no code or another state; run the login again',
        }),
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUrl: new URL(`http://127.0.0.1:${port}/callback`),
    code,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function waitFor<T>(promise: Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  const limits = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
  const stop = AbortSignal.any(limits);
  return new Promise<T>((resolve, reject) => {
    const stopped = () =>
      reject(
        new ApiCallError({
          provider: 'oauth authorization server',
          reason: 'timeout',
          retryable: true,
          message: `no sign-in came back within ${Math.round(timeoutMs / 1000)} s (or it was stopped); run the login again`,
        }),
      );
    if (stop.aborted) return stopped();
    stop.addEventListener('abort', stopped, { once: true });
    promise.then(resolve, reject).finally(() => stop.removeEventListener('abort', stopped));
  });
}

/**
 * Signs the gateway in to one upstream with the MCP authorization flow (discovery, dynamic
 * registration, PKCE, resource indicator) through the MCP SDK; the code comes back to a
 * loopback redirect. Tokens go to a user-only file that the gateway refreshes from.
 */
export async function signInUpstream(options: SignInOptions): Promise<SignInResult> {
  const config = remoteServer(options);
  const store = signInStore(
    options.authDirectory ?? defaultAuthDirectory(),
    config.name,
    config.url,
  );
  let state = '';
  const loopback = await loopbackRedirect(() => state);
  try {
    let shown = false;
    const auth = upstreamAuth(config.name, store, {
      redirectUrl: loopback.redirectUrl,
      onAuthorizationUrl: (url) => {
        shown = true;
        options.onAuthorizationUrl(url);
      },
    });
    state = auth.state;
    const clean = (text: string) => redactor(auth.secrets()).clean(text);
    try {
      // The upstream's 401 names its metadata; the SDK then registers and asks for the URL.
      const tools = await countTools(config, auth);
      return {
        signedIn: shown || (await store.read())?.tokens !== undefined,
        tools,
        path: store.path,
      };
    } catch (error) {
      if (!shown) throw cleaned(error, clean, config.name);
    }
    const code = await waitFor(loopback.code, options.timeoutMs ?? 300_000, options.signal);
    try {
      const transport = connectWith(config, auth);
      await transport.finishAuth(code);
      return { signedIn: true, tools: await countTools(config, auth), path: store.path };
    } catch (error) {
      throw cleaned(error, clean, config.name);
    }
  } finally {
    await loopback.close();
  }
}

/** An SDK failure as a typed error whose message holds no token. */
function cleaned(error: unknown, clean: (text: string) => string, server: string): ApiCallError {
  if (ApiCallError.isInstance(error)) return error;
  const text = error instanceof Error ? error.message : String(error);
  // Node's fetch says only "fetch failed" when nothing answers.
  const message =
    text === 'fetch failed'
      ? 'nothing answered; check that its url is right and the server is up'
      : text;
  return new ApiCallError({
    provider: `mcp upstream "${server}"`,
    reason: 'authentication',
    retryable: true,
    message: clean(`signing in to upstream "${server}" failed: ${message}`),
  });
}

/** Revokes the refresh token where the authorization server offers it; failures are ignored. */
async function revoke(store: SignInStore): Promise<void> {
  const stored = await store.read();
  const metadata = stored?.discovery?.authorizationServerMetadata as
    | { revocation_endpoint?: string }
    | undefined;
  const endpoint = metadata?.revocation_endpoint;
  const token = stored?.tokens?.refresh_token ?? stored?.tokens?.access_token;
  const client = stored?.clientInformation?.client_id;
  if (!endpoint || !token || !client) return;
  await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: client }),
    signal: AbortSignal.timeout(5000),
  }).catch(() => undefined);
}

/**
 * Forgets an upstream's sign-in: revokes its refresh token where the authorization server
 * allows, then deletes its file. Resolves with whether there was one.
 */
export async function signOutUpstream(target: SignInTarget): Promise<boolean> {
  const config = remoteServer(target);
  const store = signInStore(
    target.authDirectory ?? defaultAuthDirectory(),
    config.name,
    config.url,
  );
  const had = (await store.read()) !== undefined;
  await revoke(store);
  await store.remove();
  return had;
}

import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { redactor } from '@shortlist/remote';
import { type UpstreamAuth, upstreamAuth } from './auth-provider.js';
import { signInStore } from './auth-store.js';
import type { ServerConfig } from './server-config.js';

/** Longest one request to an authorization server may take, so none holds a connection open. */
const authServerTimeoutMs = 10_000;

/** An upstream's sign-in, and the options its HTTP or SSE transport takes for it. */
export interface GatewayAuth extends UpstreamAuth {
  readonly transportOptions: {
    readonly authProvider: OAuthClientProvider;
    readonly fetch: FetchLike;
  };
}

/**
 * The sign-in a gateway uses for an upstream: only one reached by URL with no static
 * credentials (an `Authorization` header) and a sign-in directory; otherwise none.
 */
export function gatewayAuth(
  config: ServerConfig,
  directory: string | undefined,
): GatewayAuth | undefined {
  if (config.transport === 'stdio' || directory === undefined) return undefined;
  if (Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization'))
    return undefined;
  const auth = upstreamAuth(config.name, signInStore(directory, config.name, config.url));
  const origin = config.url.origin;
  // Requests to the upstream keep their own timeouts (a stream may stay open); ones to its
  // authorization server get a bound.
  const bounded: FetchLike = (url, init) =>
    new URL(url).origin === origin
      ? fetch(url, init)
      : fetch(url, {
          ...init,
          signal: init?.signal
            ? AbortSignal.any([init.signal, AbortSignal.timeout(authServerTimeoutMs)])
            : AbortSignal.timeout(authServerTimeoutMs),
        });
  return { ...auth, transportOptions: { authProvider: auth.provider, fetch: bounded } };
}

/** Masks the tokens a sign-in has handled, besides what `clean` masks already. */
export function withSignInSecrets(
  clean: (text: string) => string,
  auth: UpstreamAuth | undefined,
): (text: string) => string {
  if (!auth) return clean;
  return (text) => redactor(auth.secrets()).clean(clean(text));
}

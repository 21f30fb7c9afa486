import { randomBytes } from 'node:crypto';
import {
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  refreshAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { InvalidGrantError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { ApiCallError } from '@shortlist/core';
import type { SignInStore, StoredSignIn } from './auth-store.js';

/** How a sign-in that needs the user proceeds; absent for a gateway, which never prompts. */
export interface InteractiveSignIn {
  /** The loopback URL the authorization server sends the browser back to. */
  readonly redirectUrl: URL;
  /** Shows the user the URL to open (the CLI prints it). */
  readonly onAuthorizationUrl: (url: URL) => void;
}

/** The SDK's provider over one upstream's sign-in file, and the secrets it has handled. */
export interface UpstreamAuth {
  readonly provider: OAuthClientProvider;
  /** Every token and client secret read or saved so far, for redaction. */
  secrets(): string[];
  /** The `state` sent with the authorization request, to check the redirect against. */
  readonly state: string;
}

/** What the user must do for an upstream that needs sign-in. */
export function signInHint(server: string): string {
  return `needs sign-in: run \`shortlist mcp login ${server}\` in a terminal; its tools are absent until then`;
}

/** Thrown where a gateway would have to ask the user to sign in: it never does. */
function signInRequired(server: string): ApiCallError {
  return new ApiCallError({
    provider: `mcp upstream "${server}"`,
    reason: 'authentication',
    retryable: false,
    message: `upstream "${server}" ${signInHint(server)}`,
  });
}

/** True for the error `signInRequired` makes, wherever the SDK passed it on. */
export function isSignInRequired(error: unknown): boolean {
  return ApiCallError.isInstance(error) && error.reason === 'authentication' && !error.retryable;
}

/** Longest a refresh ahead of expiry may take before the current token is tried as it is. */
const refreshTimeoutMs = 10_000;

/** Refreshes this long before expiry: a minute, or a fifth of a short-lived token's life. */
function refreshMarginMs(stored: StoredSignIn): number {
  const life = (stored.expiresAt ?? 0) - (stored.savedAt ?? 0);
  return Math.min(60_000, Math.max(0, life / 5));
}

/**
 * The MCP SDK's `OAuthClientProvider` for one upstream, backed by its sign-in file. A gateway's
 * (no `interactive`) refreshes tokens but throws `signInRequired` wherever the user is needed.
 */
export function upstreamAuth(
  server: string,
  store: SignInStore,
  interactive?: InteractiveSignIn,
): UpstreamAuth {
  const seen = new Set<string>();
  const state = randomBytes(16).toString('base64url');
  let verifier: string | undefined;
  let refreshing: Promise<void> | undefined;

  const remember = (stored: StoredSignIn | undefined) => {
    for (const value of [
      stored?.tokens?.access_token,
      stored?.tokens?.refresh_token,
      stored?.tokens?.id_token,
      stored?.clientInformation?.client_secret,
    ]) {
      if (value) seen.add(value);
    }
    return stored;
  };
  const read = async () => remember(await store.read());
  const saveTokens = (tokens: OAuthTokens) => {
    const now = Date.now();
    remember({ url: '', tokens });
    return store.update((stored) => ({
      ...stored,
      tokens,
      savedAt: now,
      expiresAt: tokens.expires_in === undefined ? undefined : now + tokens.expires_in * 1000,
    }));
  };

  /** Refreshes ahead of expiry with what login discovered; a refused refresh token is dropped. */
  const refresh = async (stored: StoredSignIn) => {
    const discovery = stored.discovery;
    const refreshToken = stored.tokens?.refresh_token;
    if (!discovery || !refreshToken || !stored.clientInformation) return;
    try {
      const tokens = await refreshAuthorization(discovery.authorizationServerUrl, {
        ...(discovery.authorizationServerMetadata
          ? { metadata: discovery.authorizationServerMetadata }
          : {}),
        clientInformation: stored.clientInformation,
        refreshToken,
        ...(discovery.resourceMetadata ? { resource: discovery.resourceMetadata.resource } : {}),
        // An authorization server that never answers must not hold requests forever.
        fetchFn: (url, init) =>
          fetch(url, { ...init, signal: AbortSignal.timeout(refreshTimeoutMs) }),
      });
      await saveTokens({ ...tokens, issuer: discovery.authorizationServerUrl });
    } catch (error) {
      if (error instanceof InvalidGrantError) {
        await store.update(({ tokens: _, expiresAt: __, ...rest }) => rest);
      }
      // Otherwise (the authorization server unreachable) the current token is tried as it is.
    }
  };

  // A gateway never reaches the authorization request, so its redirect URL is never used.
  const knownRedirect = interactive?.redirectUrl.href ?? 'http://127.0.0.1/callback';

  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return knownRedirect;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: 'Shortlist MCP gateway',
        redirect_uris: [knownRedirect],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        // A loopback redirect with a port chosen per sign-in (RFC 8252).
        application_type: 'native',
      } as OAuthClientMetadata;
    },
    state: () => state,
    async clientInformation() {
      return (await read())?.clientInformation;
    },
    async saveClientInformation(information: OAuthClientInformationMixed) {
      if (!interactive) throw signInRequired(server);
      remember({ url: '', clientInformation: information });
      await store.update((stored) => ({ ...stored, clientInformation: information }));
    },
    async tokens() {
      const stored = await read();
      if (!stored?.tokens) return undefined;
      const due = stored.expiresAt !== undefined && stored.expiresAt - refreshMarginMs(stored);
      if (due !== false && Date.now() >= due && stored.tokens.refresh_token) {
        refreshing ??= refresh(stored).finally(() => (refreshing = undefined));
        await refreshing;
        return (await read())?.tokens;
      }
      return stored.tokens;
    },
    saveTokens,
    async redirectToAuthorization(url: URL) {
      if (!interactive) throw signInRequired(server);
      interactive.onAuthorizationUrl(url);
    },
    saveCodeVerifier(codeVerifier: string) {
      verifier = codeVerifier;
    },
    codeVerifier() {
      if (verifier === undefined) throw signInRequired(server);
      return verifier;
    },
    async invalidateCredentials(scope) {
      if (scope === 'verifier') {
        verifier = undefined;
        return;
      }
      if (scope === 'all') return store.remove();
      await store.update(({ clientInformation, tokens, expiresAt, discovery, ...rest }) => ({
        ...rest,
        ...(scope === 'client' ? {} : clientInformation ? { clientInformation } : {}),
        ...(scope === 'tokens' ? {} : tokens ? { tokens, expiresAt } : {}),
        ...(scope === 'discovery' ? {} : discovery ? { discovery } : {}),
      }));
    },
    async saveDiscoveryState(discovery: OAuthDiscoveryState) {
      await store.update((stored) => ({ ...stored, discovery }));
    },
    async discoveryState() {
      const stored = await read();
      // A gateway with nothing signed in stops here, before contacting any authorization server.
      if (!interactive && !stored?.tokens) throw signInRequired(server);
      return stored?.discovery;
    },
  };
  return { provider, state, secrets: () => [...seen] };
}

import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { OAuthMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Provider, { errors } from 'oidc-provider';
import * as z from 'zod/v4';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

/** A real OpenID Connect provider (oidc-provider) on loopback, as hosted MCP servers use. */
export interface TestAuthorizationServer {
  readonly issuer: string;
  /** Every access and refresh token it has issued, for leak checks. */
  readonly issued: Set<string>;
  /** Revokes a refresh token (RFC 7009), as a user or admin would. */
  revoke(token: string, clientId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * oidc-provider 9 with dynamic client registration, PKCE, refresh tokens, resource indicators
 * and JWT access tokens for every resource in `resources`. Its login and consent pages are
 * plain HTML forms any login passes, so a test completes them with `fetch`.
 */
export async function startAuthorizationServer(
  options: { accessTokenSeconds?: number } = {},
): Promise<TestAuthorizationServer> {
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };
  const issued = new Set<string>();
  const provider = new Provider(issuer, {
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-cookie-key-not-secret'] },
    scopes: ['openid', 'offline_access', 'tools'],
    pkce: { required: () => true },
    ttl: {
      AccessToken: options.accessTokenSeconds ?? 3600,
      RefreshToken: 3600,
      Grant: 3600,
      Session: 3600,
      Interaction: 600,
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? undefined,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: 'tools',
          accessTokenTTL: options.accessTokenSeconds ?? 3600,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // Refresh tokens for every client allowed the grant, not only with offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  provider.on('access_token.issued', (token) => issued.add(token.jti));
  provider.on('refresh_token.saved', (token) => issued.add(token.jti));
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const uid = /^\/interaction\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!uid) return callback(req, res);
    (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<form method="post" action="/interaction/${uid}"><input name="login" value="alice"><button>${details.prompt.name}</button></form>`,
        );
        return;
      }
      const body = await formBody(req);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: body.get('login') ?? 'alice' } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: details.params.client_id as string,
      });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error) => {
      res.writeHead(500).end(String(error));
    });
  });
  return {
    issuer,
    issued,
    async revoke(token, clientId) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, client_id: clientId }),
      });
      if (!response.ok) throw new errors.InvalidRequest(`revocation failed: ${response.status}`);
    },
    stop: () => stop(server),
  };
}

/** An MCP server on the official SDK that accepts only JWTs its authorization server issued for it. */
export interface ProtectedUpstream {
  readonly url: URL;
  /** Every Authorization header it received, to prove no client token reached it. */
  readonly authorizations: string[];
  stop(): Promise<void>;
}

/**
 * The SDK's resource-server side: protected-resource metadata (`mcpAuthMetadataRouter`) and
 * `requireBearerAuth`, verifying JWTs against the authorization server's JWKS with jose.
 */
export async function startProtectedUpstream(
  issuer: string,
  options: { echoTokens?: boolean } = {},
): Promise<ProtectedUpstream> {
  const oauthMetadata = OAuthMetadataSchema.parse(
    await (await fetch(`${issuer}/.well-known/openid-configuration`)).json(),
  );
  const jwks = createRemoteJWKSet(new URL(String(oauthMetadata.jwks_uri)));
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  const server = createServer(app);
  const port = await listen(server);
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  const authorizations: string[] = [];
  app.use((req, _res, next) => {
    if (req.headers.authorization) authorizations.push(req.headers.authorization);
    next();
  });
  app.use(
    mcpAuthMetadataRouter({ oauthMetadata, resourceServerUrl: url, scopesSupported: ['tools'] }),
  );
  const bearer = requireBearerAuth({
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(url),
    verifier: {
      async verifyAccessToken(token) {
        try {
          const { payload } = await jwtVerify(token, jwks, { issuer, audience: url.href });
          return {
            token,
            clientId: String(payload.client_id),
            scopes: String(payload.scope ?? '').split(' '),
            expiresAt: payload.exp!,
            resource: url,
            extra: { sub: payload.sub },
          };
        } catch {
          // A careless server may quote the token it refuses: the gateway must not repeat it.
          throw new InvalidTokenError(
            options.echoTokens
              ? `token ${token} is invalid or expired`
              : 'invalid or expired access token',
          );
        }
      },
    },
  });
  app.post('/mcp', bearer, async (req, res, next) => {
    // Careless: a failure page that quotes the request's credentials.
    if (options.echoTokens && req.body?.params?.name === 'report') {
      res.status(500).send(`report failed for ${req.headers.authorization}`);
      return;
    }
    next();
  });
  app.post('/mcp', async (req, res) => {
    const mcp = new McpServer({ name: 'protected', version: '1.0.0' });
    const who = String((req as { auth?: { extra?: { sub?: unknown } } }).auth?.extra?.sub);
    mcp.registerTool(
      'whoami',
      {
        description: 'Tell which account signed in to the issue tracker',
        inputSchema: { note: z.string().optional() },
      },
      async () => ({ content: [{ type: 'text', text: `signed in as ${who}` }] }),
    );
    mcp.registerTool(
      'report',
      { description: 'Report the open issues of the tracker', inputSchema: {} },
      async () => ({ content: [{ type: 'text', text: 'no open issues' }] }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      transport.close().catch(() => undefined);
      mcp.close().catch(() => undefined);
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  return { url, authorizations, stop: () => stop(server) };
}

/**
 * Plays the user's browser: opens the authorization URL, submits each login and consent form
 * the provider shows, keeping its cookies, until the provider redirects to `until`.
 */
export async function completeInBrowser(authorizationUrl: URL, until: string): Promise<void> {
  const cookies = new Map<string, string>();
  let next: { url: string; init?: RequestInit } = { url: authorizationUrl.href };
  for (let step = 0; step < 20; step++) {
    const headers = new Headers(next.init?.headers);
    headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(next.url, { ...next.init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url).href;
      if (target.startsWith(until)) {
        await (await fetch(target)).text();
        return;
      }
      next = { url: target };
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(`the provider showed no form: ${response.status} ${html.slice(0, 300)}`);
    next = {
      url: new URL(action, next.url).href,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'login=alice',
      },
    };
  }
  throw new Error('the sign-in did not reach the redirect within 20 steps');
}

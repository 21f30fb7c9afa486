import type { IncomingMessage, ServerResponse } from 'node:http';
import { discoverAuthorizationServerMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import { InvalidTokenError, ServerError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** Which authorization server's access tokens the HTTP gateway accepts, besides its static token. */
export interface ResourceAuthorization {
  /** The authorization server's issuer, exactly as its tokens' `iss` says it. */
  readonly issuer: string;
  /**
   * This gateway's URL as clients reach it: the audience its tokens must name and the
   * `resource` of its metadata. @default the URL it serves, e.g. `http://127.0.0.1:3000/mcp`
   */
  readonly resource?: string;
  /** Scopes every token must carry. @default none */
  readonly scopes?: readonly string[];
  /** Where the signing keys are. @default the `jwks_uri` of the issuer's metadata */
  readonly jwksUri?: string;
}

/** Checks the bearer tokens of one HTTP gateway and publishes its protected-resource metadata. */
export interface ResourceGuard {
  /** The path of the RFC 9728 metadata document, e.g. `/.well-known/oauth-protected-resource/mcp`. */
  readonly metadataPath: string;
  sendMetadata(res: ServerResponse): void;
  /** True when the request carries a valid access token; otherwise it has answered 401. */
  check(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

/** Why a token was refused, in words a client's log can show; never the token itself. */
function refusal(error: unknown): Error {
  if (error instanceof errors.JWTExpired)
    return new InvalidTokenError('the access token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new InvalidTokenError(
      error.claim === 'aud'
        ? 'the access token was issued for another resource'
        : `the access token's "${error.claim}" claim is not accepted`,
    );
  }
  if (error instanceof errors.JOSEError) {
    return new InvalidTokenError('the access token is not signed by the authorization server');
  }
  return new ServerError("the authorization server's keys could not be read");
}

/**
 * Accepts JWT access tokens that `authorization.issuer` signed (checked against its JWKS with
 * jose) for this gateway (audience) and not expired, through the MCP SDK's `requireBearerAuth`,
 * which answers 401 with `WWW-Authenticate` naming the metadata document.
 */
export function resourceGuard(authorization: ResourceAuthorization, served: URL): ResourceGuard {
  const resource = authorization.resource ?? served.href;
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(new URL(resource));
  const metadata: OAuthProtectedResourceMetadata = {
    resource,
    authorization_servers: [authorization.issuer],
    bearer_methods_supported: ['header'],
    resource_name: 'Shortlist MCP gateway',
    ...(authorization.scopes?.length ? { scopes_supported: [...authorization.scopes] } : {}),
  };
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const keySet = () => {
    keys ??= (async () => {
      const uri =
        authorization.jwksUri ??
        (await discoverAuthorizationServerMetadata(authorization.issuer))?.jwks_uri;
      if (!uri) throw new ServerError('the authorization server publishes no jwks_uri');
      return createRemoteJWKSet(new URL(uri));
    })();
    // A failed discovery is tried again on the next request.
    keys.catch(() => (keys = undefined));
    return keys;
  };
  const middleware = requireBearerAuth({
    resourceMetadataUrl: metadataUrl,
    requiredScopes: [...(authorization.scopes ?? [])],
    verifier: {
      async verifyAccessToken(token) {
        try {
          const { payload } = await jwtVerify(token, await keySet(), {
            issuer: authorization.issuer,
            audience: resource,
            requiredClaims: ['exp'],
          });
          const scope = typeof payload.scope === 'string' ? payload.scope : '';
          return {
            token,
            clientId: String(payload.client_id ?? payload.azp ?? ''),
            scopes: scope.split(' ').filter(Boolean),
            expiresAt: payload.exp!,
            // Who signed in: learning counts one user's sessions as one source.
            ...(typeof payload.sub === 'string'
              ? { extra: { subject: payload.sub, issuer: authorization.issuer } }
              : {}),
          };
        } catch (error) {
          throw refusal(error);
        }
      },
    },
  });
  return {
    metadataPath: new URL(metadataUrl).pathname,
    sendMetadata(res) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(metadata));
    },
    check(req, res) {
      // The SDK's middleware speaks Express; these three calls are all it makes of a response.
      const response = {
        set: (name: string, value: string) => res.setHeader(name, value),
        status: (code: number) => ({
          json: (body: unknown) => {
            res.writeHead(code, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          },
        }),
      };
      return new Promise<boolean>((resolve, reject) => {
        Promise.resolve(middleware(req as never, response as never, () => resolve(true))).then(
          () => resolve(false),
          reject,
        );
      });
    },
  };
}

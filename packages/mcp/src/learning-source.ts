import { createHash } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

/**
 * Who asks and teaches, as learning names a source (`select(query, { source })`): over OAuth the
 * signed-in user (issuer and subject, else the registered client), so one client opening many
 * sessions counts as one source, and others' feedback moves its picks only as far as they agree
 * and earned standing (learn README, Security). Without sign-in (stdio, loopback, the static
 * token) the gateway cannot tell clients apart: they are its one user, the anonymous source.
 */
export function learningSource(request: { readonly authInfo?: AuthInfo }): string | undefined {
  const auth = request.authInfo;
  if (!auth) return undefined;
  const { subject, issuer } = auth.extra ?? {};
  const who =
    typeof subject === 'string' && subject !== ''
      ? `user\u0000${String(issuer ?? '')}\u0000${subject}`
      : auth.clientId !== ''
        ? `client\u0000${auth.clientId}`
        : undefined;
  // Hashed: a source id is short, and the subject stays out of the store.
  return who === undefined ? undefined : `oauth:${createHash('sha256').update(who).digest('hex')}`;
}

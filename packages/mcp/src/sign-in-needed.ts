import { signInHint } from './auth-provider.js';
import type { Gateway } from './gateway.js';

/**
 * What `search_tools` says about upstreams waiting for the user to sign in, server by server,
 * so the model can tell the user which command to run; undefined when none is waiting.
 */
export function signInNeeded(gateway: Gateway): Record<string, string> | undefined {
  const servers = gateway.needsSignIn();
  if (servers.length === 0) return undefined;
  return Object.fromEntries(servers.map((server) => [server, signInHint(server)]));
}

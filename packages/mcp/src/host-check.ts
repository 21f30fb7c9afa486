import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** What a request's Host header is to the gateway. */
export type HostVerdict = 'allowed' | 'forbidden' | 'malformed';

/** `name`, `1.2.3.4` or `[v6]`, with an optional port; no nested quantifiers, so linear. */
const hostHeader = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/;

/** A hostname as the URL parser writes it (lower case, IPv6 bracketed and shortened), or undefined. */
function canonical(name: string): string | undefined {
  const bracketed = isIP(name) === 6 ? `[${name}]` : name;
  try {
    return new URL(`http://${bracketed}`).hostname;
  } catch {
    return undefined;
  }
}

/** True for the addresses only this machine can reach: localhost, 127.0.0.0/8 and ::1. */
export function isLoopback(host: string): boolean {
  const name = canonical(host);
  if (name === undefined) return false;
  return (
    name === 'localhost' ||
    name === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name)
  );
}

const wildcards = new Set(['0.0.0.0', '[::]']);

/**
 * Checks Host headers against DNS rebinding on every bind: the bound address (or, bound to every
 * interface, this machine's addresses), the loopback names and `allowedHosts` (any port; the
 * others must name the bound port). A header that is not a host name is malformed.
 */
export function hostCheck(
  bound: string,
  allowedHosts: readonly string[] = [],
): (header: string | undefined, port: number) => HostVerdict {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const boundName = canonical(bound);
  if (boundName !== undefined && wildcards.has(boundName)) {
    for (const address of Object.values(networkInterfaces()).flat()) {
      const name = address && canonical(address.address);
      if (name) names.add(name);
    }
  } else if (boundName !== undefined) names.add(boundName);
  const anyPort = new Set(allowedHosts.map((host) => canonical(host) ?? host.toLowerCase()));
  return (header, port) => {
    const match = header === undefined ? null : hostHeader.exec(header);
    if (!match) return 'malformed';
    const name = canonical(match[1]!);
    if (name === undefined) return 'malformed';
    if (anyPort.has(name)) return 'allowed';
    return names.has(name) && Number(match[2]) === port ? 'allowed' : 'forbidden';
  };
}

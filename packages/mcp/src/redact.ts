import { MIN_SECRET_LENGTH } from '@shortlist/remote';
import type { ServerConfig } from './server-config.js';

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * The values an upstream's output must never show (masked by `@shortlist/remote`'s `redactor`): its `env` and header values (and the token
 * of "Bearer …", the user and password of "Basic …"), its URL's query values and userinfo.
 */
export function upstreamSecrets(config: ServerConfig): string[] {
  const values = new Set<string>();
  const add = (value: string) => {
    if (value.length >= MIN_SECRET_LENGTH) values.add(value);
  };
  if (config.transport === 'stdio') {
    for (const value of Object.values(config.env)) add(value);
    return [...values];
  }
  for (const value of Object.values(config.headers)) {
    add(value);
    // "Bearer abc…": the token alone may be echoed back by a server.
    const [, scheme, token] = /^(\S+)\s+(\S+)$/.exec(value) ?? [];
    if (token === undefined) continue;
    add(token);
    if (scheme?.toLowerCase() === 'basic') {
      const credentials = Buffer.from(token, 'base64').toString('utf8');
      const colon = credentials.indexOf(':');
      if (colon > 0) {
        add(credentials.slice(0, colon));
        add(credentials.slice(colon + 1));
      }
    }
  }
  const { url } = config;
  for (const part of [url.username, url.password]) {
    add(part);
    add(decode(part));
  }
  for (const pair of url.search.slice(1).split('&')) {
    const raw = pair.slice(pair.indexOf('=') + 1);
    add(raw);
    add(decode(raw));
  }
  return [...values];
}

import type { ServerConfig } from './server-config.js';

/** Shorter values are too likely to appear by chance (`1`, `on`) to be worth masking. */
const minSecretLength = 4;

/** Shorter base64 fragments of a secret are too likely to appear by chance in other text. */
const minEncodedLength = 8;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * The values an upstream's output must never show: its `env` and header values (and the token
 * of "Bearer …", the user and password of "Basic …"), its URL's query values and userinfo.
 */
export function upstreamSecrets(config: ServerConfig): string[] {
  const values = new Set<string>();
  const add = (value: string) => {
    if (value.length >= minSecretLength) values.add(value);
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

/**
 * The fragments of `text`'s base64 that do not depend on the bytes around it, at each of the
 * three alignments it can have inside longer base64 (as in "Basic base64(user:secret)").
 */
function base64Cores(text: string): string[] {
  const bytes = Buffer.from(text);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const total = offset + bytes.length;
    const core = encoded.slice(Math.ceil((offset * 4) / 3), Math.floor((total * 4) / 3));
    if (core.length >= minEncodedLength) {
      cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return cores;
}

/** Every form a secret may be echoed in: as is, URL- or form-encoded, JSON-escaped, base64(url). */
function forms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
    ...base64Cores(secret),
  ];
}

/** Masks secrets in text bound for a log or a client. */
export interface Redactor {
  /** `message` with every form of every secret, in any letter case, replaced by `[redacted]`. */
  clean(message: string): string;
  /** Length of the longest form masked: text cut this far short of a boundary holds no partial secret. */
  readonly longest: number;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The one redaction of the gateway, for warnings, errors and upstream stderr. Matching is
 * case-insensitive, so "SK-ABC" and "sk-abc" are masked alike; the pattern is literal
 * alternatives only, which cannot backtrack.
 */
export function redactor(secrets: readonly string[]): Redactor {
  const all = [...new Set(secrets.flatMap(forms))].sort((a, b) => b.length - a.length);
  if (all.length === 0) return { clean: (message) => message, longest: 0 };
  const pattern = new RegExp(all.map(literal).join('|'), 'gi');
  return {
    clean: (message) => message.replace(pattern, '[redacted]'),
    longest: all[0]!.length,
  };
}

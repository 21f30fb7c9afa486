import { redactor } from '@shortlist/remote';
import { describe, expect, it } from 'vitest';
import { upstreamSecrets } from './redact.js';
import { parseServerConfig } from './server-config.js';

const secret = 'sk-Live+Do/Not=Print-4242';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const b64url = (text: string) => Buffer.from(text).toString('base64url');

const remote = (url: string, headers: Record<string, string> = {}) =>
  parseServerConfig({ mcpServers: { remote: { url, headers } } })[0]!;

describe('redaction', () => {
  it('masks header secrets in any case and encoding a server may echo them in', () => {
    const { clean } = redactor(
      upstreamSecrets(remote('https://mcp.example/mcp', { Authorization: `Bearer ${secret}` })),
    );
    const echoes = [
      secret,
      secret.toLowerCase(),
      secret.toUpperCase(),
      b64(secret),
      b64url(secret),
      // Inside longer base64, at each of the three byte alignments.
      b64(`x:${secret}`),
      b64(`xy:${secret}`),
      b64(`xyz:${secret}:tail`),
      b64url(`user:${secret}`),
      encodeURIComponent(secret),
      encodeURIComponent(secret).toLowerCase(),
      JSON.stringify({ token: secret }),
    ];
    for (const echo of echoes) {
      const message = `401: bad credentials ${echo} (retrying)`;
      const out = clean(message);
      expect(out, echo).toContain('[redacted]');
      expect(out.toLowerCase()).not.toContain(secret.toLowerCase());
      for (const part of [b64(secret), b64url(secret), encodeURIComponent(secret)]) {
        expect(out).not.toContain(part.slice(4, -4));
      }
    }
    expect(clean('connection closed; reconnecting')).toBe('connection closed; reconnecting');
  });

  it('masks the credentials of a Basic header, decoded', () => {
    const basic = `Basic ${b64(`alice:${secret}`)}`;
    const { clean } = redactor(
      upstreamSecrets(remote('https://mcp.example/mcp', { Authorization: basic })),
    );
    expect(clean(`user alice with password ${secret}`)).toBe(
      'user [redacted] with password [redacted]',
    );
  });

  it('masks secrets in the URL query and userinfo, decoded or as written', () => {
    const url = `https://bob:${encodeURIComponent(secret)}@mcp.example/mcp?api_key=${encodeURIComponent(secret)}&team=acme-7`;
    const { clean } = redactor(upstreamSecrets(remote(url)));
    const parsed = new URL(url);
    for (const echo of [url, parsed.href, parsed.search, secret, `key ${secret.toLowerCase()}`]) {
      const out = clean(`failed: ${echo}`);
      expect(out.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(out).not.toContain(encodeURIComponent(secret));
      expect(out).not.toContain('acme-7');
    }
    expect(clean(`failed: ${url}`)).toContain('mcp.example/mcp');
  });

  it('masks env values of stdio upstreams, not values too short to be secrets', () => {
    const stdio = parseServerConfig({
      mcpServers: { local: { command: 'node', env: { TOKEN: secret, DEBUG: '1' } } },
    })[0]!;
    const { clean } = redactor(upstreamSecrets(stdio));
    expect(clean(`token=${secret} debug=1`)).toBe('token=[redacted] debug=1');
  });
});

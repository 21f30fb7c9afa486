import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpUpstream, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const secret = 'sk-Live-Do-Not-Print-4242';
const forms = (text: string) => [
  text.toLowerCase(),
  Buffer.from(text).toString('base64').slice(4, -4),
  Buffer.from(text).toString('base64url').slice(4, -4),
];

describe('secrets in upstream output', () => {
  it('keeps URL query keys and header echoes in any encoding out of reconnect warnings', async () => {
    const upstream = await httpUpstream(['--reject-auth']);
    cleanups.push(() => upstream.stop());
    const { gateway, warnings } = await testGateway({
      mcpServers: {
        remote: {
          url: `${upstream.url}?api_key=${secret}`,
          headers: { Authorization: `Bearer ${secret}` },
        },
      },
    });
    cleanups.push(() => gateway.close());
    await expect.poll(() => warnings.length).toBeGreaterThan(1);
    expect(warnings[0]).toMatch(/upstream "remote": could not connect: .*\[redacted\]/);
    for (const warning of warnings) {
      for (const form of forms(secret))
        expect(warning.toLowerCase()).not.toContain(form.toLowerCase());
    }
  });

  it('redacts the stderr lines of stdio upstreams, and cuts a line too long to hold', async () => {
    const lines: string[] = [];
    const { gateway } = await testGateway(
      { mcpServers: { local: stdioUpstream(['--leak-stderr'], { SECRET_TOKEN: secret }) } },
      { upstreamStderr: (line) => lines.push(line) },
    );
    cleanups.push(() => gateway.close());
    await expect.poll(() => lines.at(-1)).toBe('ready');
    expect(lines[0]).toBe('starting with token [redacted]');
    expect(lines[1]).toBe('lower [redacted] and base64 [redacted]');
    expect(lines[2]!.length).toBeLessThan(70_000);
    for (const line of lines) {
      for (const form of forms(secret))
        expect(line.toLowerCase()).not.toContain(form.toLowerCase());
    }
  });
});

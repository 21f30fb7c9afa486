import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstText, foundNames, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const launcher = fileURLToPath(new URL('../test-servers/gateway-http.mjs', import.meta.url));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The built gateway in its own process, so a blocked event loop there cannot stall the test. */
async function gatewayProcess(config: unknown): Promise<URL> {
  const child: ChildProcess = spawn(process.execPath, [launcher, JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return new URL(chunk.toString().trim());
}

describe('argument validation', () => {
  it('never runs schema regexes that backtrack: the call reaches the upstream and other sessions are served meanwhile', async () => {
    const url = await gatewayProcess({ mcpServers: { strict: stdioUpstream(['--evil-pattern']) } });
    const caller = await httpClient(url);
    cleanups.push(() => caller.close());
    const searcher = await httpClient(url);
    cleanups.push(() => searcher.close());

    const evil = `${'a'.repeat(40)}!`;
    const key = `${'b'.repeat(40)}!`;
    const call = caller.callTool({
      name: 'call_tool',
      arguments: {
        name: 'strict__match_text',
        arguments: { text: evil, [key]: `${'c'.repeat(40)}!` },
      },
    });
    const found = await searcher.callTool({
      name: 'search_tools',
      arguments: { query: 'match a text against a pattern' },
    });
    expect(foundNames(found)).toContain('strict__match_text');
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe(
      `upstream got ${JSON.stringify({ text: evil, [key]: `${'c'.repeat(40)}!` })}`,
    );
  });

  it('still checks types and required properties before calling the upstream', async () => {
    const { gateway } = await testGateway({
      mcpServers: { strict: stdioUpstream(['--evil-pattern']) },
    });
    cleanups.push(() => gateway.close());
    await expect(gateway.call('strict__match_text', { text: 5 })).rejects.toThrow(
      /arguments for "strict__match_text" do not match its input schema: data\/text must be string/,
    );
    await expect(gateway.call('strict__match_text', {})).rejects.toThrow(
      /must have required property 'text'/,
    );
  });
});

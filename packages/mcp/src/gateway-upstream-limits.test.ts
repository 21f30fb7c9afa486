import { afterEach, describe, expect, it } from 'vitest';
import type { Gateway } from './gateway.js';
import { firstText, httpUpstream, stdioUpstream, testGateway } from './test-helpers.js';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.allSettled(stops.splice(0).map((stop) => stop()));
});

/** Waits for `done`, checking every 50 ms, for at most 80 s (a loaded machine reads 10 MiB slowly). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > 80_000) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function gatewayOver(upstream: unknown): Promise<{ gateway: Gateway; warnings: string[] }> {
  const made = await testGateway({ mcpServers: { big: upstream } });
  stops.push(() => made.gateway.close());
  return made;
}

async function overHttp(args: string[]) {
  const server = await httpUpstream(args);
  stops.push(() => server.stop());
  return gatewayOver({ url: server.url });
}

describe('upstream messages over 10 MiB', () => {
  it.each([
    ['Streamable HTTP, event streams', () => overHttp(['--huge-result'])],
    ['Streamable HTTP, JSON bodies', () => overHttp(['--huge-result', '--json-response'])],
    ['stdio', () => gatewayOver(stdioUpstream(['--huge-result']))],
  ])(
    '%s: an oversized result is an isError result naming the cap',
    async (_, open) => {
      const { gateway } = await open();
      const huge = await gateway.call('big__huge_result', { megabytes: 12 });
      expect(huge.isError).toBe(true);
      expect(firstText(huge)).toMatch(/upstream "big".*over 10 MiB \(10485760 bytes\)/);
      // An answer under the cap passes whole (a stdio upstream is reconnected first: the SDK
      // closes a stdio session whose message passes its buffer).
      await until(() => gateway.connecting().length === 0);
      const fine = await gateway.call('big__huge_result', { megabytes: 9 });
      expect(fine.isError).toBeFalsy();
      expect(firstText(fine)).toHaveLength(9_000_000);
    },
    120_000,
  );

  it.each([
    ['Streamable HTTP', () => httpUpstream(['--huge-list'])],
    ['stdio', undefined],
  ])(
    '%s: a tools/list over the cap is named in a warning',
    async (_, start) => {
      let upstream: unknown = stdioUpstream(['--huge-list']);
      if (start) {
        const server = await start();
        stops.push(() => server.stop());
        upstream = { url: server.url };
      }
      const { gateway, warnings } = await testGateway(
        { mcpServers: { big: upstream } },
        { startWaitMs: 3_000 },
      );
      stops.push(() => gateway.close());
      const named =
        /upstream "big": .*over 10 MiB .*answering tools\/list.*page tools\/list with nextCursor/;
      await until(() => warnings.some((warning) => named.test(warning)));
      expect(gateway.size).toBe(0);
    },
    120_000,
  );
});

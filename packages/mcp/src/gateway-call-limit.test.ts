import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { InvalidArgumentError } from '@shortlist/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp } from './serve-http.js';
import { firstText, httpClient, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('call duration limit', () => {
  it('ends a call whose upstream sends progress forever at maxCallMs, with an error saying so', async () => {
    const { gateway } = await testGateway(
      { mcpServers: { busy: stdioUpstream() } },
      { callTimeoutMs: 300, maxCallMs: 1500 },
    );
    cleanups.push(() => gateway.close());
    const served = await serveHttp(gateway);
    cleanups.push(() => served.close());
    const client = await httpClient(served.url);
    cleanups.push(() => client.close());

    let progress = 0;
    const call = client.callTool(
      {
        name: 'call_tool',
        arguments: { name: 'busy__long_export', arguments: { steps: 1_000_000_000, delayMs: 50 } },
      },
      undefined,
      { timeout: 60_000, resetTimeoutOnProgress: true, onprogress: () => void progress++ },
    );
    await expect(call).rejects.toThrow(
      /upstream "busy" did not finish "long_export" within its 1500 ms limit, progress or not; raise maxCallMs/,
    );
    await expect(call).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    // Progress kept coming well past the 300 ms per-wait timeout: only the total limit ended it.
    expect(progress).toBeGreaterThan(10);
    // The upstream was told to stop, and the gateway serves on.
    await expect
      .poll(async () =>
        firstText(
          await client.callTool({ name: 'call_tool', arguments: { name: 'busy__export_status' } }),
        ),
      )
      .toBe('cancelled');
  });

  it('rejects a limit that is not a positive number', async () => {
    for (const maxCallMs of [0, -5, Number.NaN]) {
      await expect(
        testGateway({ mcpServers: { busy: stdioUpstream() } }, { maxCallMs }),
      ).rejects.toSatisfy(InvalidArgumentError.isInstance);
    }
  });
});

import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** How long a stdio upstream gets after the end of its stdin, and then after SIGTERM. */
const stepMs = 250;

const within = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });

/**
 * Stops an upstream's transport, connected or still connecting, within about half a second: a
 * stdio server gets the end of its stdin, then SIGTERM, then SIGKILL. (The SDK alone waits 2 s
 * at each step, past the grace MCP clients give the gateway itself.)
 */
export async function stopTransport(transport: Transport): Promise<void> {
  const pid = transport instanceof StdioClientTransport ? transport.pid : null;
  const closing = transport.close();
  if (pid === null) return closing;
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (await within(closing, stepMs)) return;
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
  }
  await within(closing, stepMs);
}

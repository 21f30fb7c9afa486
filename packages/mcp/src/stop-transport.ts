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

/** A stdio upstream's process: its pid, and a promise that resolves when it is gone. */
interface Spawned {
  readonly pid: number;
  readonly gone: Promise<void>;
}

const spawned = new WeakMap<Transport, Spawned>();

/**
 * Remembers a stdio transport's process once it is spawned. The SDK forgets the pid as soon as
 * it starts closing (as a failed or timed-out initialize does), which would leave nothing to kill.
 * Call before the transport is connected.
 */
export function watchProcess(transport: StdioClientTransport): void {
  let exited: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => {
    exited = resolve;
  });
  // Chained by the SDK's Protocol.connect, which keeps a handler set before it.
  transport.onclose = () => exited();
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const pid = transport.pid;
    if (pid !== null) spawned.set(transport, { pid, gone });
  };
}

/**
 * Stops an upstream's transport, connected or still connecting, within about half a second: a
 * stdio server gets the end of its stdin, then SIGTERM, then SIGKILL. (The SDK alone waits 2 s
 * at each step, past the grace MCP clients give the gateway itself.)
 */
export async function stopTransport(transport: Transport): Promise<void> {
  const child = spawned.get(transport);
  const pid = child?.pid ?? (transport instanceof StdioClientTransport ? transport.pid : null);
  const closing = transport.close();
  if (pid === null) return closing;
  closing.catch(() => undefined);
  const stopped = child ? child.gone : closing;
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (await within(stopped, stepMs)) return;
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
  }
  await within(stopped, stepMs);
}

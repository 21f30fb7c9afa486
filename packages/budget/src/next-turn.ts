/** The part of the web's `MessageChannel` used here (Node's types describe another shape). */
type Channel = new () => {
  readonly port1: { onmessage: (() => void) | null; close(): void };
  readonly port2: { postMessage(message: unknown): void };
};

/**
 * Resolves on a later turn of the event loop so timers and I/O run between slices of work:
 * `setImmediate` in Node, else a `MessageChannel` message (edge runtimes, browsers, which clamp
 * nested `setTimeout(0)` to 4 ms), else `setTimeout`.
 */
export function nextTurn(): Promise<void> {
  const host = globalThis as unknown as {
    setImmediate?: (callback: () => void) => unknown;
    MessageChannel?: Channel;
  };
  return new Promise((resolve) => {
    if (typeof host.setImmediate === 'function') {
      host.setImmediate(resolve);
    } else if (typeof host.MessageChannel === 'function') {
      const channel = new host.MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    } else {
      setTimeout(resolve, 0);
    }
  });
}

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Returns a function that forces a full garbage collection: `global.gc` when Node runs with
 * `--expose-gc`, otherwise the same function obtained by enabling the flag at run time. Memory
 * figures taken without a forced collection would include garbage and mean little.
 */
export function getGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/** Heap and external (incl. ArrayBuffer) bytes in use, after a forced collection when possible. */
export interface MemoryUse {
  readonly heapBytes: number;
  readonly externalBytes: number;
}

/** Measures memory in use, collecting garbage first (twice: weak references need a second pass). */
export function memoryUse(gc: (() => void) | undefined): MemoryUse {
  gc?.();
  gc?.();
  const { heapUsed, external } = process.memoryUsage();
  return { heapBytes: heapUsed, externalBytes: external };
}

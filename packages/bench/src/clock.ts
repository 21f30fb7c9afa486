/** Microseconds since an arbitrary origin, from the monotonic high-resolution clock. */
export const nowUs = (): number => Number(process.hrtime.bigint()) / 1000;

/** Runs `fn` and returns its result with the time it took in microseconds. */
export async function timeUs<T>(fn: () => T | PromiseLike<T>): Promise<{ value: T; us: number }> {
  const start = nowUs();
  const value = await fn();
  return { value, us: nowUs() - start };
}

/** Thrown when Redis did not answer within the bound; callers treat it like an outage. */
export class DeadlineError extends Error {
  /** What was waited for: 'connect' for a first connection. */
  readonly what: string;
  constructor(what: string, timeoutMs: number) {
    super(`${what}: Redis did not answer within ${timeoutMs} ms`);
    this.name = 'DeadlineError';
    this.what = what;
  }
}

/**
 * Waits for `promise` at most `timeoutMs`, so a slow or stopped Redis never holds a caller
 * longer than the bound; the late answer, if any, is ignored. The deadline is checked after
 * pending I/O is read (`setImmediate`), so time this process spent busy elsewhere, while the
 * answer sat in the socket, does not count against Redis.
 */
export function withDeadline<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => setImmediate(() => reject(new DeadlineError(what, timeoutMs))),
      timeoutMs,
    );
  });
  promise.catch(() => undefined); // a late rejection after the deadline is not unhandled
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ShortlistError } from '../errors/shortlist-error.js';

/** What a file store's caller passed, for the error a bad path gets. */
export interface PathFailureContext {
  /** The call that took the path: `fileStore(path)`. */
  readonly argument: string;
  /** What would have worked, in words. */
  readonly expected: string;
  /** What to do instead, shown after the reason: `pass the path of a cache file, e.g. …`. */
  readonly advice: string;
}

/**
 * An I/O failure on a file store's path (a directory, no permission, a read-only disk) as an
 * `InvalidArgumentError` naming the path and the fix; any other error is returned unchanged.
 */
export function pathFailure(path: string, error: unknown, context: PathFailureContext): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (ShortlistError.isInstance(error) || typeof code !== 'string') return error;
  const why =
    code === 'EISDIR'
      ? 'is a directory'
      : code === 'ENOTDIR'
        ? 'has a file where a directory should be'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'is not readable and writable by this process'
          : `cannot be used (${code})`;
  const call = context.argument.replace('(path)', `(${path})`);
  return new InvalidArgumentError({
    argument: context.argument,
    expected: context.expected,
    message: `${call}: the path ${why}; ${context.advice}`,
    cause: error,
  });
}

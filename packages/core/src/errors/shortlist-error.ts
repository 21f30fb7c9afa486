const marker = Symbol.for('shortlist.error');

/** Stable machine-readable error codes; a code never changes meaning once released. */
export type ShortlistErrorCode =
  | 'invalid-argument'
  | 'unsupported-spec-version'
  | 'api-call-failed'
  | 'plugin-failed'
  | 'corrupt-data';

/**
 * Base of every error Shortlist throws. `isInstance` checks a `Symbol.for` marker rather than
 * `instanceof`, so it holds when two copies of core are installed side by side.
 */
export class ShortlistError extends Error {
  readonly code: ShortlistErrorCode;

  constructor(code: ShortlistErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShortlistError';
    this.code = code;
    Object.defineProperty(this, marker, { value: true, enumerable: false });
  }

  /** True for any Shortlist error, from this copy of core or another one. */
  static isInstance(value: unknown): value is ShortlistError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}

/** Narrows an unknown value to a Shortlist error with one code; works across installed copies. */
export function hasErrorCode<C extends ShortlistErrorCode>(
  value: unknown,
  code: C,
): value is ShortlistError & { code: C } {
  return ShortlistError.isInstance(value) && value.code === code;
}

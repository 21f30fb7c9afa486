import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** What `checkInteger` accepts and says. */
export interface IntegerRule {
  /** Smallest value allowed. @default 1 (a positive integer) */
  readonly min?: number;
  /** Largest value allowed. @default none (limits as large as 2 ** 60 mean "all") */
  readonly max?: number;
  /** Returned when the value is `undefined`; without it, `undefined` is rejected. */
  readonly fallback?: number;
  /** Words after "a positive integer" saying what the number means, e.g. "(tools to return)". */
  readonly hint?: string;
}

function expectation(min: number, max: number | undefined): string {
  if (max !== undefined) return `an integer from ${min} to ${max}`;
  return min === 1 ? 'a positive integer' : `an integer ≥ ${min}`;
}

/**
 * An integer option or argument, checked once for every package: an integer within
 * `[min, max]`, or an `InvalidArgumentError` naming `argument` and what it got.
 */
export function checkInteger(value: unknown, argument: string, rule: IntegerRule = {}): number {
  if (value === undefined && rule.fallback !== undefined) return rule.fallback;
  const min = rule.min ?? 1;
  const max = rule.max;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < min ||
    (max !== undefined && value > max)
  ) {
    const expected = expectation(min, max);
    throw new InvalidArgumentError({
      argument,
      expected,
      message: `${argument} must be ${expected}${rule.hint ? ` ${rule.hint}` : ''}, got ${String(value)}`,
    });
  }
  return value;
}

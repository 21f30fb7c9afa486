import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkInteger } from '../util/check-integer.js';

/** A limit a caller passed: a positive integer, or a typed error naming the argument. */
export function checkLimit(limit: unknown, argument: string): number {
  return checkInteger(limit, argument);
}

/** An options argument: an object or nothing. */
export function checkOptions(options: unknown, argument: string): void {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new InvalidArgumentError({
      argument,
      expected: 'an options object or nothing',
      message: `${argument} must be an options object such as { limit: 5 }, got ${
        options === null ? 'null' : typeof options
      }`,
    });
  }
}

import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { MAX_SOURCE_LENGTH } from '../learning/tool-example.js';
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

/** An over-fetch factor a caller passed: a finite number ≥ 1, or a typed error naming the argument. */
export function checkOverFetch(factor: unknown, argument: string): number {
  if (typeof factor !== 'number' || !(factor >= 1) || !Number.isFinite(factor)) {
    throw new InvalidArgumentError({
      argument,
      expected: 'a finite number ≥ 1',
      message: `${argument} must be a finite number ≥ 1, got ${String(factor)}`,
    });
  }
  return factor;
}

/** A query a caller passed: a string, or a typed error naming the argument. */
export function checkQuery(query: unknown, argument: string): string {
  if (typeof query !== 'string') {
    throw new InvalidArgumentError({
      argument,
      expected: 'a string',
      message: `${argument} must be a string, got ${query === null ? 'null' : typeof query}`,
    });
  }
  return query;
}

/** `select(query, { source })`: who asks, a non-empty string like an example's `source`, or nothing. */
export function checkSource(source: unknown): string | undefined {
  if (
    source !== undefined &&
    (typeof source !== 'string' || source === '' || source.length > MAX_SOURCE_LENGTH)
  ) {
    throw new InvalidArgumentError({
      argument: 'select(options.source)',
      expected: `a non-empty string of at most ${MAX_SOURCE_LENGTH} characters`,
      message: `select(options.source) must name who asks (a user, client or session id) in 1 to ${MAX_SOURCE_LENGTH} characters, got ${typeof source === 'string' ? `${source.length} characters` : String(source)}`,
    });
  }
  return source;
}

/** An `abstain` option a caller passed: `'never'`, a probability, or nothing. */
export function checkAbstain(abstain: unknown, argument: string): 'never' | number | undefined {
  if (abstain === undefined || abstain === 'never') return abstain;
  if (typeof abstain === 'number' && abstain >= 0 && abstain <= 1) return abstain;
  throw new InvalidArgumentError({
    argument,
    expected: "'never' or a number from 0 to 1",
    message: `${argument} must be 'never' or the first-pick confidence (0 to 1) below which to answer "no tool fits", got ${typeof abstain === 'string' ? JSON.stringify(abstain) : String(abstain)}`,
  });
}

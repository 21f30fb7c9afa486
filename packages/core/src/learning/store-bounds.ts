import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkInteger } from '../util/check-integer.js';

/** Examples a store keeps when not told: ample for one agent, bounded for a select's cost. */
export const DEFAULT_MAX_EXAMPLES = 100_000;

/** A store's `maxExamples`: a positive integer, `DEFAULT_MAX_EXAMPLES` when absent. */
export function checkMaxExamples(value: unknown, argument: string): number {
  return checkInteger(value, argument, {
    fallback: DEFAULT_MAX_EXAMPLES,
    hint: '(how many examples to keep)',
  });
}

/** A store's `maxAgeMs`: a positive finite number of ms, or `undefined` for no age bound. */
export function checkMaxAgeMs(value: unknown, argument: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new InvalidArgumentError({
      argument,
      expected: 'a positive number of milliseconds',
      message: `${argument} must be a positive number of milliseconds (how long an example is kept), got ${String(value)}`,
    });
  }
  return value;
}

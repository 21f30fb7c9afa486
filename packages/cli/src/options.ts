import { InvalidArgumentError } from 'commander';

/** Commander parser for options that take a positive integer (`--limit 5`). */
export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new InvalidArgumentError('must be a positive integer.');
  }
  return number;
}

/** Commander parser for a whole number that may be 0 (a wait that may be none). */
export function nonNegativeInteger(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 0) {
    throw new InvalidArgumentError('must be an integer, 0 or more.');
  }
  return number;
}

/** Commander parser that collects a repeatable option; commas also separate values. */
export function collect(value: string, previous: readonly string[] | undefined): string[] {
  return [
    ...(previous ?? []),
    ...value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ];
}

/** Commander parser that collects a repeatable option verbatim. */
export function repeat(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Commander parser for a positive number (`--max-query-seconds 2.5`). */
export function positiveNumber(value: string): number {
  const number = Number(value);
  if (!(number > 0) || !Number.isFinite(number)) {
    throw new InvalidArgumentError('must be a positive number.');
  }
  return number;
}

/** Commander parser that collects positive integers, repeatable or comma-separated (`1000,10_000`). */
export function collectIntegers(value: string, previous: readonly number[] | undefined): number[] {
  return [
    ...(previous ?? []),
    ...collect(value, undefined).map((part) => positiveInteger(part.replace(/_/g, ''))),
  ];
}

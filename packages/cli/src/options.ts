import { InvalidArgumentError } from 'commander';

/** Commander parser for options that take a positive integer (`--limit 5`). */
export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new InvalidArgumentError('must be a positive integer.');
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

import { InvalidArgumentError } from '@shortlist/core';

/** How results are printed: an aligned table for people, JSON for programs. */
export type OutputFormat = 'table' | 'json';

/**
 * The format asked for, else a table when standard output is a terminal and JSON when it is
 * piped or redirected. `process.stdout` is looked at only then: setting it up loads the terminal
 * modules, a few ms that `--json` or `--format` need not pay.
 */
export function resolveFormat(
  options: { format?: string; json?: boolean },
  isTerminal: () => boolean = () => process.stdout.isTTY === true,
): OutputFormat {
  if (options.json && options.format !== undefined && options.format !== 'json') {
    throw new InvalidArgumentError({
      argument: '--format',
      expected: '--format or --json, not both',
      message: `--format ${options.format} and --json ask for different output; drop one`,
    });
  }
  if (options.json) return 'json';
  if (options.format === undefined) return isTerminal() ? 'table' : 'json';
  if (options.format === 'table' || options.format === 'json') return options.format;
  throw new InvalidArgumentError({
    argument: '--format',
    expected: 'table or json',
    message: `--format must be table or json, got "${options.format}"`,
  });
}

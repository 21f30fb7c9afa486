import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { abstentionCommand } from './commands/abstention.js';
import { benchCommand } from './commands/bench.js';
import { demoCommand } from './commands/demo.js';
import { evalCommand } from './commands/eval.js';
import { mcpCommand } from './commands/mcp.js';
import { reportCommand } from './commands/report.js';
import { selectCommand } from './commands/select.js';
import { escapeControl } from './terminal-text.js';

/** This package's version, read from its own package.json so it cannot drift. */
const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Each subcommand by name, with the function that registers it. */
const commands: Readonly<Record<string, (program: Command) => void>> = {
  select: selectCommand,
  demo: demoCommand,
  eval: evalCommand,
  bench: benchCommand,
  report: reportCommand,
  mcp: mcpCommand,
  abstention: abstentionCommand,
};

/**
 * The `shortlist` command. When `argv` (as `process.argv`) runs a subcommand by name, only that
 * one is registered: a start then defines one command's options, not all six. Anything else
 * (help, the version, a mistyped command) gets every subcommand.
 */
export function createProgram(argv?: readonly string[]): Command {
  const program = new Command('shortlist')
    .description('Pick the few tools that fit a query out of hundreds, under a token budget.')
    .version(version, '-V, --version', 'print the version')
    .showHelpAfterError('(add --help for usage)')
    // Commander's messages echo the flags given: escaped like every other echo of user input.
    .configureOutput({ outputError: (text, write) => write(escapeControl(text.trimEnd()) + '\n') })
    .addHelpText(
      'after',
      '\nStart with:\n  shortlist demo                      sample queries over the bundled catalogue\n  shortlist select "QUERY" --tools tools.json',
    );
  const named = argv?.[2];
  const register =
    named !== undefined && Object.hasOwn(commands, named)
      ? [commands[named]!]
      : Object.values(commands);
  for (const command of register) command(program);
  return program;
}

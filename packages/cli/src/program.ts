import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { benchCommand } from './commands/bench.js';
import { demoCommand } from './commands/demo.js';
import { evalCommand } from './commands/eval.js';
import { mcpCommand } from './commands/mcp.js';
import { reportCommand } from './commands/report.js';
import { selectCommand } from './commands/select.js';

/** This package's version, read from its own package.json so it cannot drift. */
const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The `shortlist` command with every subcommand registered. */
export function createProgram(): Command {
  const program = new Command('shortlist')
    .description('Pick the few tools that fit a query out of hundreds, under a token budget.')
    .version(version, '-V, --version', 'print the version')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nStart with:\n  shortlist demo                      sample queries over the bundled catalogue\n  shortlist select "QUERY" --tools tools.json',
    );
  selectCommand(program);
  demoCommand(program);
  evalCommand(program);
  benchCommand(program);
  reportCommand(program);
  mcpCommand(program);
  return program;
}

import { Command } from 'commander';
import { benchCommand } from './commands/bench.js';
import { demoCommand } from './commands/demo.js';
import { evalCommand } from './commands/eval.js';
import { mcpCommand } from './commands/mcp.js';
import { reportCommand } from './commands/report.js';
import { selectCommand } from './commands/select.js';

/** The `shortlist` command with every subcommand registered. */
export function createProgram(): Command {
  const program = new Command('shortlist')
    .description('Pick the few tools that fit a query out of hundreds, under a token budget.')
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

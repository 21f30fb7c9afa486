import type { Command } from 'commander';
import { loadCatalogue } from '../load-catalogue.js';
import { resolveFormat } from '../output-format.js';
import { sampleQueries } from '../sample-data.js';
import { type SelectCommandOptions, withSelectOptions } from './select.js';

/** Registers `shortlist demo`: the bundled sample queries over the bundled (or given) catalogue. */
export function demoCommand(program: Command): void {
  withSelectOptions(
    program
      .command('demo')
      .description(
        'run the bundled sample queries over the bundled sample catalogue (or --tools) and print the picks',
      ),
    3,
  ).action(async (options: SelectCommandOptions) => {
    const format = resolveFormat(options);
    const tools = await loadCatalogue(options.tools);
    const { runSelections } = await import('../run-selections.js');
    await runSelections(tools, await sampleQueries(), options, format, true);
  });
}

import type { Command } from 'commander';
import { resolveFormat } from '../output-format.js';
import { type SelectCommandOptions, selectModules, withSelectOptions } from './select.js';

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
    const { loadCatalogue, sampleQueries, runSelections } = await selectModules();
    const tools = await loadCatalogue(options.tools);
    await runSelections(tools, await sampleQueries(), options, format, true);
  });
}

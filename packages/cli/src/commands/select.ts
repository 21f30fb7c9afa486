import type { Command } from 'commander';
import { type EmbeddingFlags, withEmbeddingOptions } from '../embedding-options.js';
import { positiveInteger } from '../options.js';
import { resolveFormat } from '../output-format.js';
import { defaultBudget, defaultModel, defaultPipeline, pipelineNames } from '../pipeline-names.js';

/** Options shared by `select` and `demo`. */
export interface SelectCommandOptions extends EmbeddingFlags {
  readonly tools?: string;
  readonly limit: number;
  /** @default 'lexical', or 'semantic' when an embedder flag is given */
  readonly pipeline?: string;
  readonly budget?: number;
  readonly model?: string;
  readonly format?: string;
  readonly json?: boolean;
  readonly definitions?: boolean;
}

/** Adds the options `select` and `demo` share. */
export function withSelectOptions(command: Command, limit: number): Command {
  return withEmbeddingOptions(
    command
      .option(
        '-t, --tools <file>',
        'tool catalogue (OpenAI, Anthropic, MCP or plain JSON); - reads standard input; default: the bundled sample catalogue',
      )
      .option('-l, --limit <n>', 'most tools to pick', positiveInteger, limit)
      .option(
        '-p, --pipeline <name>',
        `pipeline: ${pipelineNames.join(', ')} (default ${defaultPipeline})`,
      )
      .option(
        '-b, --budget <tokens>',
        `token budget (lexical and hybrid default to ${defaultBudget})`,
        positiveInteger,
      )
      .option(
        '-m, --model <id>',
        `model the tools are sent to; picks the tokenizer (default ${defaultModel})`,
      )
      .option(
        '-f, --format <format>',
        'table or json (default: table on a terminal, json when piped)',
      )
      .option('--json', 'same as --format json')
      .option(
        '--definitions',
        "with JSON output, each pick's full definition as given (ready to send to the model)",
      ),
  );
}

/**
 * What `select` and `demo` run, loaded together when one runs: the catalogue reader and the
 * rankers need core's pipeline, which `--help` does not load.
 */
export async function selectModules() {
  const [catalogue, sample, selections] = await Promise.all([
    import('../load-catalogue.js'),
    import('../sample-data.js'),
    import('../run-selections.js'),
  ]);
  return {
    loadCatalogue: catalogue.loadCatalogue,
    sampleQueries: sample.sampleQueries,
    runSelections: selections.runSelections,
  };
}

/** Runs `select`: one query, or every bundled sample query when none is given. */
async function selectAction(
  query: string | undefined,
  options: SelectCommandOptions,
): Promise<void> {
  const format = resolveFormat(options);
  const { loadCatalogue, sampleQueries, runSelections } = await selectModules();
  const tools = await loadCatalogue(options.tools);
  const queries = query === undefined ? await sampleQueries() : [query];
  await runSelections(tools, queries, options, format, query === undefined);
}

/** Registers `shortlist select [query]`. */
export function selectCommand(program: Command): void {
  withSelectOptions(
    program
      .command('select')
      .argument('[query]', 'what the user asked; without it, the bundled sample queries run')
      .description('pick the tools that fit a query from a catalogue'),
    5,
  )
    .addHelpText(
      'after',
      '\nExamples:\n  shortlist select "refund the last order" --tools tools.json\n  cat mcp-tools.json | shortlist select "list open issues" --tools - --json',
    )
    .action(selectAction);
}

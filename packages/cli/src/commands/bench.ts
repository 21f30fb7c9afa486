import type { BenchOptions } from '@shortlist/bench';
import type { Command } from 'commander';
import { benchRankerNames } from '../help-lists.js';
import { loadOptional } from '../optional-package.js';
import { collect, collectIntegers, positiveInteger, positiveNumber } from '../options.js';
import { resolveFormat } from '../output-format.js';
import { writeStdout } from '../standard-output.js';
import { stderrLine } from '../terminal-text.js';

interface BenchCommandOptions {
  readonly sizes?: number[];
  readonly queries?: number;
  readonly rankers?: string[];
  readonly seed?: number;
  readonly maxQuerySeconds?: number;
  readonly budget: boolean;
  readonly vectors: boolean;
  readonly vectorSizes?: number[];
  readonly vectorDimensions?: number[];
  readonly metatool?: string;
  readonly budgetSize?: number;
  readonly maxTokens?: number;
  readonly format?: string;
  readonly json?: boolean;
}

async function benchAction(options: BenchCommandOptions): Promise<void> {
  const format = resolveFormat(options);
  const { sizes } = options;
  const benchOptions: BenchOptions = {
    ...(sizes ? { sizes } : {}),
    ...(options.queries === undefined ? {} : { queries: options.queries }),
    ...(options.rankers ? { rankers: options.rankers } : {}),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.maxQuerySeconds === undefined
      ? {}
      : { maxQueryMs: options.maxQuerySeconds * 1000 }),
    budget: options.budget,
    vectors: options.vectors,
    ...(options.vectorSizes ? { vectorSizes: options.vectorSizes } : {}),
    ...(options.vectorDimensions ? { vectorDimensions: options.vectorDimensions } : {}),
    ...(options.metatool ? { metatool: options.metatool } : {}),
    ...(options.budgetSize === undefined ? {} : { budgetSize: options.budgetSize }),
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    onProgress: (message) => {
      if (process.stderr.isTTY) stderrLine(`… ${message}`);
    },
  };
  // The bench package (and its generators) loads only when a benchmark runs.
  const { renderMarkdown, runBench } = await loadOptional(
    '@shortlist/bench',
    'shortlist bench',
    () => import('@shortlist/bench'),
  );
  const report = await runBench(benchOptions);
  writeStdout(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report));
}

/** Registers `shortlist bench`: the speed benchmark of @shortlist/bench. */
export function benchCommand(program: Command): void {
  program
    .command('bench')
    .description(
      'measure ranker build/query speed, memory and budget overhead on generated catalogues',
    )
    .option(
      '--sizes <list>',
      'catalogue sizes, comma-separated (default 1000,10000,100000)',
      collectIntegers,
    )
    .option('--queries <n>', 'queries per ranker and size (default 1000)', positiveInteger)
    .option(
      '--rankers <list>',
      `rankers among ${benchRankerNames.join(', ')} (default all)`,
      collect,
    )
    .option('--seed <n>', 'catalogue and query seed (default 1)', positiveInteger)
    .option(
      '--max-query-seconds <s>',
      "time cap on one ranker's queries at one size (default 15)",
      positiveNumber,
    )
    .option('--no-budget', 'skip the tokenizer and packing section')
    .option('--no-vectors', 'skip the vector-search section (semantic, intent)')
    .option(
      '--vector-sizes <list>',
      'catalogue sizes of the vector section (default 1000,10000,100000)',
      collectIntegers,
    )
    .option(
      '--vector-dimensions <list>',
      'embedding dimensions of the vector section (default 384,768,1536)',
      collectIntegers,
    )
    .option('--metatool <dir>', 'MetaTool folder for the intent() rows of the vector section')
    .option(
      '--budget-size <n>',
      'catalogue size of the packing measurement (default 10000)',
      positiveInteger,
    )
    .option(
      '--max-tokens <n>',
      'token budget of the packing measurement (default 2000)',
      positiveInteger,
    )
    .option(
      '-f, --format <format>',
      'table (Markdown) or json (default: table on a terminal, json when piped)',
    )
    .option('--json', 'same as --format json')
    .addHelpText(
      'after',
      '\nMemory figures are most reliable with node --expose-gc.\nExample:\n  shortlist bench --sizes 1000,10000 --rankers bm25,tfidf --queries 200',
    )
    .action(benchAction);
}

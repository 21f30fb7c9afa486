import { parseArgs } from 'node:util';
import { InvalidArgumentError } from '@shortlist/core';
import type { BenchOptions } from './run-bench.js';

/** What the command line asked for. */
export interface BenchCommand {
  readonly options: BenchOptions;
  /** `--definitions`: where to read real tool definitions for the tokenizer timing. */
  readonly definitionsPath?: string;
  /** Print the report as JSON instead of Markdown. */
  readonly json: boolean;
  readonly help: boolean;
}

/** Usage text of `shortlist-bench` (and `shortlist bench`). */
export const benchUsage = `Usage: shortlist-bench [options]

  --sizes <list>             catalogue sizes (default 1000,10000,100000)
  --queries <n>              queries per ranker and size (default 1000)
  --rankers <list>           among bm25,tfidf,orama,orama-stock (default all)
  --seed <n>                 catalogue and query seed (default 1)
  --max-query-seconds <s>    time cap on one ranker's queries at one size (default 15)
  --skip-budget              skip the tokenizer and packing section
  --budget-size <n>          catalogue size for packing overhead (default 10000)
  --max-tokens <n>           token budget for packing (default 2000)
  --definitions <path>       also time the tokenizers on real definitions: a tools.jsonl file,
                             or a folder of them such as ../shared/benchmarks (whose metatool
                             folder also gives the intent() rows)
  --skip-vectors             skip the vector-search section (semantic, intent)
  --vector-sizes <list>      catalogue sizes of the vector section (default 1000,10000,100000)
  --vector-dimensions <list> embedding dimensions of the vector section (default 384,768,1536)
  --metatool <dir>           MetaTool folder for the intent() rows (default: <definitions>/metatool)
  --json                     print JSON instead of Markdown
  --help                     show this text

Memory figures force garbage collection; run with node --expose-gc for the most reliable ones.`;

const bad = (flag: string, expected: string, got: string): never => {
  throw new InvalidArgumentError({
    argument: `--${flag}`,
    expected,
    message: `shortlist-bench: --${flag} must be ${expected}, got "${got}" (see --help)`,
  });
};

const integer = (flag: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const value = Number(text.replace(/_/g, ''));
  return Number.isInteger(value) ? value : bad(flag, 'an integer', text);
};

const list = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);

/** Parses command-line flags into `runBench` options; unknown flags are typed errors. */
export function parseBenchArgs(argv: readonly string[]): BenchCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        sizes: { type: 'string' },
        queries: { type: 'string' },
        rankers: { type: 'string' },
        seed: { type: 'string' },
        'max-query-seconds': { type: 'string' },
        'skip-budget': { type: 'boolean' },
        'budget-size': { type: 'string' },
        'max-tokens': { type: 'string' },
        definitions: { type: 'string' },
        'skip-vectors': { type: 'boolean' },
        'vector-sizes': { type: 'string' },
        'vector-dimensions': { type: 'string' },
        metatool: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (cause) {
    throw new InvalidArgumentError({
      argument: 'argv',
      expected: 'flags listed by --help',
      message: `shortlist-bench: ${cause instanceof Error ? cause.message : String(cause)} (see --help)`,
      cause,
    });
  }
  const text = (name: string) => values[name] as string | undefined;
  const sizes = list(text('sizes'))?.map((part) => integer('sizes', part)!);
  const vectorSizes = list(text('vector-sizes'))?.map((part) => integer('vector-sizes', part)!);
  const vectorDimensions = list(text('vector-dimensions'))?.map(
    (part) => integer('vector-dimensions', part)!,
  );
  const seconds = text('max-query-seconds');
  const maxQuerySeconds = seconds === undefined ? undefined : Number(seconds);
  if (maxQuerySeconds !== undefined && !(maxQuerySeconds > 0)) {
    bad('max-query-seconds', 'a positive number', seconds!);
  }
  const options: BenchOptions = {
    ...(sizes ? { sizes } : {}),
    ...(text('queries') ? { queries: integer('queries', text('queries')) } : {}),
    ...(text('rankers') ? { rankers: list(text('rankers')) } : {}),
    ...(text('seed') ? { seed: integer('seed', text('seed')) } : {}),
    ...(maxQuerySeconds ? { maxQueryMs: maxQuerySeconds * 1000 } : {}),
    ...(values['skip-budget'] ? { budget: false } : {}),
    ...(text('budget-size') ? { budgetSize: integer('budget-size', text('budget-size')) } : {}),
    ...(text('max-tokens') ? { maxTokens: integer('max-tokens', text('max-tokens')) } : {}),
    ...(values['skip-vectors'] ? { vectors: false } : {}),
    ...(vectorSizes ? { vectorSizes } : {}),
    ...(vectorDimensions ? { vectorDimensions } : {}),
    ...(text('metatool') ? { metatool: text('metatool') } : {}),
  };
  return {
    options,
    ...(text('definitions') ? { definitionsPath: text('definitions') } : {}),
    json: values.json === true,
    help: values.help === true,
  };
}

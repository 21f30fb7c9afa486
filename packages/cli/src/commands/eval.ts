import { InvalidArgumentError } from '@shortlist/core';
import type { Command } from 'commander';
import {
  type EmbeddingFlags,
  embeddingSettings,
  impliedPipeline,
  withEmbeddingOptions,
} from '../embedding-options.js';
import { collect, positiveInteger, repeat } from '../options.js';
import { resolveFormat } from '../output-format.js';
import { defaultPipeline, pipelineNames } from '../pipeline-names.js';
import { writeStdout } from '../standard-output.js';

interface EvalOptions extends EmbeddingFlags {
  readonly pipeline?: string[];
  readonly split?: string;
  readonly sample?: number;
  readonly limit: number;
  readonly concurrency: number;
  readonly relevance: string;
  readonly groups?: boolean;
  readonly min?: string[];
  readonly budget?: number;
  readonly model?: string;
  readonly format?: string;
  readonly json?: boolean;
  readonly online?: boolean;
  readonly feedbackNoise?: number;
  readonly seed?: number;
  readonly requests?: number;
}

/** Exit code when a `--min` threshold is not met (errors exit with 1). */
const GATE_FAILED_EXIT_CODE = 2;

async function evalAction(dir: string, options: EvalOptions): Promise<void> {
  const format = resolveFormat(options);
  // The metric names live in @shortlist/eval, which --help does not load.
  const { checkGate, parseMin } = await import('../min-gate.js');
  const thresholds = (options.min ?? []).map(parseMin);
  if (options.relevance !== 'strict' && options.relevance !== 'any-variant') {
    throw new InvalidArgumentError({
      argument: '--relevance',
      expected: 'strict or any-variant',
      message: `--relevance must be strict or any-variant, got "${options.relevance}"`,
    });
  }
  if (options.online) return onlineAction(dir, options, format);
  if (
    options.feedbackNoise !== undefined ||
    options.seed !== undefined ||
    options.requests !== undefined
  ) {
    throw new InvalidArgumentError({
      argument: '--online',
      expected: '--online with --feedback-noise, --seed or --requests',
      message:
        '--feedback-noise, --seed and --requests apply to an online evaluation; add --online',
    });
  }
  const pipelines = options.pipeline?.length
    ? [...new Set(options.pipeline)]
    : [impliedPipeline(options, defaultPipeline)];
  // The dataset reader and the rankers load only when an evaluation runs, not for --help.
  const { loadDataset, toJSON, toMarkdown } = await import('@shortlist/eval');
  const dataset = await loadDataset(dir, {
    ...(options.split === undefined ? {} : { split: options.split }),
    ...(options.sample === undefined ? {} : { sample: options.sample }),
  });
  const { runEvaluations } = await import('../run-evaluations.js');
  const { reports, comparisons } = await runEvaluations(dataset, pipelines, {
    limit: options.limit,
    concurrency: options.concurrency,
    relevance: options.relevance,
    settings: {
      ...(options.budget === undefined ? {} : { budget: options.budget }),
      ...(options.model === undefined ? {} : { model: options.model }),
      ...embeddingSettings(options),
    },
  });
  const failures = checkGate(reports, thresholds);
  if (format === 'json') {
    const output = {
      dataset: dataset.name,
      queries: dataset.queries.length,
      ...(options.split === undefined ? {} : { split: options.split }),
      ...(options.sample === undefined ? {} : { sample: options.sample }),
      reports: JSON.parse(toJSON(reports)),
      comparisons: JSON.parse(`[${comparisons.map((comparison) => toJSON(comparison)).join(',')}]`),
      gate: { thresholds, failures, passed: failures.length === 0 },
    };
    writeStdout(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    const sampled = options.sample === undefined ? '' : ' (sampled by id hash)';
    const parts = [
      `${dataset.name}: ${dataset.queries.length} queries${options.split ? ` (split ${options.split})` : ''}${sampled}, ${dataset.tools.length} tools; percent with 95% bootstrap intervals`,
      toMarkdown(reports, { groups: options.groups === true }),
      ...comparisons.map(
        (comparison) =>
          `Paired comparison (${comparison.a} − ${comparison.b}, percentage points):\n\n${toMarkdown(comparison)}`,
      ),
    ];
    if (thresholds.length > 0 && failures.length === 0) {
      parts.push(`gate passed: ${thresholds.map((t) => `${t.metric} ≥ ${t.value}`).join(', ')}`);
    }
    writeStdout(`${parts.join('\n\n')}\n`);
  }
  if (failures.length > 0) {
    for (const failure of failures) {
      process.stderr.write(
        `shortlist: gate failed: ${failure.pipeline} ${failure.metric} = ${failure.measured.toFixed(4)} < ${failure.required}\n`,
      );
    }
    process.exitCode = GATE_FAILED_EXIT_CODE;
  }
}

/** `eval --online`: the default pipeline learning from the dataset's requests as they stream by. */
async function onlineAction(
  dir: string,
  options: EvalOptions,
  format: 'table' | 'json',
): Promise<void> {
  // Flags an online evaluation would ignore: each is refused by name.
  const ignored = [
    (options.pipeline?.length ?? 0) > 0 && '--pipeline',
    (options.min?.length ?? 0) > 0 && '--min',
    options.sample !== undefined && '--sample',
    options.groups === true && '--groups',
    options.budget !== undefined && '--budget',
    options.model !== undefined && '--model',
  ].filter((flag): flag is string => typeof flag === 'string');
  if (ignored.length > 0) {
    throw new InvalidArgumentError({
      argument: '--online',
      expected: `--online without ${ignored.join(', ')}`,
      message: `--online measures lexical() learning against lexical() and does not use ${ignored.join(', ')}; drop ${ignored.length === 1 ? 'it' : 'them'} or --online`,
    });
  }
  const { loadDataset, onlineMarkdown } = await import('@shortlist/eval');
  const dataset = await loadDataset(
    dir,
    options.split === undefined ? {} : { split: options.split },
  );
  const { runOnline } = await import('../run-online.js');
  const report = await runOnline(dataset, {
    limit: options.limit,
    ...(options.requests === undefined ? {} : { requests: options.requests }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.feedbackNoise === undefined ? {} : { feedbackNoise: options.feedbackNoise }),
  });
  if (format === 'json') {
    writeStdout(`${JSON.stringify({ ...report, split: options.split ?? null }, null, 2)}\n`);
    return;
  }
  const noise = report.feedbackNoise > 0 ? `, ${report.feedbackNoise * 100}% wrong feedback` : '';
  writeStdout(
    `${dataset.name}${options.split ? ` (split ${options.split})` : ''}: ${report.requests} requests in seeded order ${report.seed}${noise}; each is selected, scored, then taught. Percent; Δ = learning − lexical() with a paired 95% interval.\n\n${onlineMarkdown(report, { learner: 'learning', baseline: 'lexical()' })}\n`,
  );
}

/** A probability from 0 to 1, for --feedback-noise. */
function probability(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !(number >= 0 && number <= 1)) {
    throw new InvalidArgumentError({
      argument: '--feedback-noise',
      expected: 'a number from 0 to 1',
      message: `--feedback-noise must be a share from 0 to 1 (0.2 for 20% wrong feedback), got "${value}"`,
    });
  }
  return number;
}

/** Registers `shortlist eval DATASET_DIR`. */
export function evalCommand(program: Command): void {
  withEmbeddingOptions(
    program
      .command('eval')
      .argument(
        '<dataset>',
        'dataset folder with tools.jsonl and queries.jsonl (e.g. ../shared/benchmarks/bfcl)',
      )
      .description(
        'measure pipelines on a tool-retrieval dataset, with 95% intervals and a paired comparison',
      )
      .option(
        '-p, --pipeline <name>',
        `pipeline to evaluate, repeatable or comma-separated: ${pipelineNames.join(', ')} (default ${defaultPipeline})`,
        collect,
      )
      .option('--split <name>', 'only queries of this split (metatool: train, test)')
      .option(
        '--sample <n>',
        'only n queries, picked by a hash of their id (the same every run)',
        positiveInteger,
      )
      .option('-l, --limit <n>', 'tools asked for per query', positiveInteger, 10)
      .option('--concurrency <n>', 'queries in flight', positiveInteger, 8)
      .option(
        '--relevance <kind>',
        'strict, or any-variant (BFCL: any tool sharing a relevant name)',
        'strict',
      )
      .option('--groups', 'add per-group tables (BFCL categories, MetaTool single/multi)')
      .option(
        '--min <metric=value>',
        'fail (exit 2) when a metric mean is below value, e.g. ndcg@10=0.60; repeatable',
        repeat,
      )
      .option('-b, --budget <tokens>', 'token budget of packing pipelines', positiveInteger)
      .option('-m, --model <id>', 'model the tools are sent to; picks the tokenizer')
      .option(
        '-f, --format <format>',
        'table or json (default: table on a terminal, json when piped)',
      )
      .option('--json', 'same as --format json')
      .option(
        '--online',
        'stream the requests in a seeded order through lexical() learning from each (select, score, teach) and compare it with lexical() per window',
      )
      .option(
        '--feedback-noise <p>',
        'with --online: share of requests that teach a random wrong tool',
        probability,
      )
      .option(
        '--seed <n>',
        'with --online: seed of the order and of the wrong feedback (default 1)',
        positiveInteger,
      )
      .option('--requests <n>', 'with --online: requests streamed (default 3000)', positiveInteger),
  )
    .addHelpText(
      'after',
      `\nMetrics: hit@1, recall@{1,3,5,10}, ndcg@10, mrr, complete@{1,3,5,10}.\nExit codes: 0 ok, 1 error, ${GATE_FAILED_EXIT_CODE} a --min threshold was not met.\n\nExample:\n  shortlist eval ../shared/benchmarks/bfcl --pipeline lexical,bm25 --sample 500 --min ndcg@10=0.60\n  shortlist eval ../shared/benchmarks/metatool --split test --online --feedback-noise 0.2\n  shortlist eval ../shared/benchmarks/bfcl --pipeline hybrid --base-url http://localhost:11434/v1 --embedding-model nomic-embed-text --embedding-dimensions 768`,
    )
    .action(evalAction);
}

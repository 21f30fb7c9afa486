import { resolve } from 'node:path';
import { InvalidArgumentError } from '@shortlist/core';
import type { Command } from 'commander';
import { positiveInteger } from '../options.js';
import { defaultPipeline, pipelineNames } from '../pipeline-names.js';
import { defaultBenchmarksDir } from '../repo-paths.js';
import { writeStdout } from '../standard-output.js';

interface AbstentionOptions {
  readonly benchmarks?: string;
  readonly pipeline: string;
  readonly split: string;
  readonly own?: number;
  readonly foreign?: number;
  readonly leaveOut?: number;
  readonly json?: boolean;
}

async function abstentionAction(options: AbstentionOptions): Promise<void> {
  if (options.split !== 'train' && options.split !== 'test') {
    throw new InvalidArgumentError({
      argument: '--split',
      expected: 'train or test',
      message: `--split must be train (to choose settings on) or test (to report), got "${options.split}"`,
    });
  }
  const dir = resolve(options.benchmarks ?? defaultBenchmarksDir());
  const { runAbstention } = await import('../run-abstention.js');
  const { abstentionMarkdown } = await import('@shortlist/eval');
  const reports = await runAbstention(dir, {
    pipeline: options.pipeline,
    split: options.split,
    ...(options.own === undefined ? {} : { own: options.own }),
    ...(options.foreign === undefined ? {} : { foreign: options.foreign }),
    ...(options.leaveOut === undefined ? {} : { leaveOut: options.leaveOut }),
  });
  if (options.json) {
    const summary = reports.map(({ outcomes, ...report }) => ({
      ...report,
      outcomes: outcomes.map(({ request, ...outcome }) => ({
        id: request.id,
        kind: request.kind,
        ...outcome,
      })),
    }));
    writeStdout(`${JSON.stringify(summary, null, 2)}\n`);
    return;
  }
  const seconds = reports.map(
    (report) => `${report.catalogue} ${(report.elapsedMs / 1000).toFixed(1)} s`,
  );
  writeStdout(
    `${abstentionMarkdown(reports)}\n\n${options.pipeline} on the ${options.split} split; percent with 95% bootstrap intervals; run time ${seconds.join(', ')}\n`,
  );
}

/** Registers `shortlist abstention`: whether a pipeline answers "no tool fits" when nothing does. */
export function abstentionCommand(program: Command): void {
  program
    .command('abstention')
    .description(
      "measure abstention on the shared sets: own requests, other sets' requests, and requests whose right tools were removed",
    )
    .option(
      '--benchmarks <dir>',
      'folder holding bfcl, metatool and sealtools (default: ../shared/benchmarks from the repository root)',
    )
    .option('-p, --pipeline <name>', `pipeline (${pipelineNames.join(', ')})`, defaultPipeline)
    .option('--split <split>', 'train (to choose settings on) or test (to report)', 'test')
    .option('--own <n>', 'own requests per catalogue (default 300)', positiveInteger)
    .option('--foreign <n>', "other sets' requests per catalogue (default 300)", positiveInteger)
    .option('--leave-out <n>', 'leave-out requests per catalogue (default 100)', positiveInteger)
    .option('--json', 'print every outcome as JSON')
    .action(abstentionAction);
}

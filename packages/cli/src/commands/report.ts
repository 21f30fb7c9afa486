import { constants, existsSync } from 'node:fs';
import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { InvalidArgumentError } from '@shortlist/core';
import type { Comparison, EvaluationReport, MetricName } from '@shortlist/eval';
import type { Command } from 'commander';
import {
  type EmbeddingFlags,
  embeddingSettings,
  withEmbeddingOptions,
} from '../embedding-options.js';
import { collect, positiveInteger } from '../options.js';
import {
  defaultModel,
  defaultPipeline,
  isPipelineName,
  offlinePipelines,
} from '../pipeline-names.js';
import { type ReferenceFigures, readReferenceFigures } from '../reference-figures.js';
import { defaultBenchmarksDir, repoRoot } from '../repo-paths.js';
import { writeStdout } from '../standard-output.js';
import { stderrLine } from '../terminal-text.js';
import { keepHandWritten } from './hand-written.js';

interface ReportOptions extends EmbeddingFlags {
  readonly benchmarks?: string;
  readonly out?: string;
  readonly pipeline?: string[];
  readonly sample?: number;
}

const referenceColumns: readonly (keyof ReferenceFigures)[] = [
  'hit@1',
  'recall@5',
  'ndcg@10',
  'mrr',
];

const pct = (value: number) => (value * 100).toFixed(1);

async function folders(dir: string): Promise<string[]> {
  let entries: { name: string; isDirectory(): boolean }[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new InvalidArgumentError({
      argument: '--benchmarks',
      expected: 'a folder of dataset folders',
      message: `cannot read benchmarks folder ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)}); pass --benchmarks DIR`,
      cause: error,
    });
  }
  return entries
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'queries.jsonl')))
    .map((entry) => entry.name)
    .sort();
}

function summaryRow(
  folder: string,
  reports: readonly EvaluationReport[],
  reference: ReferenceFigures | undefined,
): string[] {
  const ndcg = (report: EvaluationReport) => report.metrics['ndcg@10'];
  const main = reports[0]!;
  const floor = reference?.['ndcg@10'];
  const verdict =
    floor === undefined
      ? 'no reference'
      : ndcg(main).low * 100 > floor
        ? `yes (+${(ndcg(main).mean * 100 - floor).toFixed(1)}, interval above)`
        : ndcg(main).mean * 100 > floor
          ? `yes on the mean (+${(ndcg(main).mean * 100 - floor).toFixed(1)}), interval overlaps`
          : `**no** (${(ndcg(main).mean * 100 - floor).toFixed(1)})`;
  return [
    folder,
    String(main.queries),
    floor === undefined ? '–' : floor.toFixed(2),
    ...reports.map((report) => {
      const { mean, low, high } = ndcg(report);
      return `${pct(mean)} [${pct(low)}, ${pct(high)}]`;
    }),
    verdict,
  ];
}

/** The issue-17 goals: the default ≥ reference + this, in nDCG@10 points. */
const floorMargin = 5;
const goalMetrics: readonly MetricName[] = ['ndcg@10', 'recall@10', 'complete@5'];

const signed = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}`;

/** One row of the goal table: the default's paired differences with every other pipeline. */
function goalRow(
  folder: string,
  main: EvaluationReport,
  comparisons: readonly Comparison[],
  reference: ReferenceFigures | undefined,
): string[] {
  const floor = reference?.['ndcg@10'];
  const ndcg = main.metrics['ndcg@10'].mean * 100;
  const cells = comparisons.flatMap((comparison) =>
    goalMetrics.map((metric) => {
      const { mean, low, high } = comparison.metrics[metric].difference;
      return `${signed(mean)} [${signed(low)}, ${signed(high)}]`;
    }),
  );
  const notBelow = comparisons.every(
    (comparison) => comparison.metrics['ndcg@10'].difference.high >= 0,
  );
  const atLeast = comparisons.every(
    (comparison) => comparison.metrics['ndcg@10'].difference.mean >= 0,
  );
  const single = atLeast ? 'yes' : notBelow ? 'interval reaches 0, mean below' : '**no**';
  const overFloor =
    floor === undefined
      ? 'no reference'
      : ndcg >= floor + floorMargin
        ? `yes (+${(ndcg - floor).toFixed(1)})`
        : `**no** (+${(ndcg - floor).toFixed(1)}, short by ${(floor + floorMargin - ndcg).toFixed(1)})`;
  return [folder, pct(main.metrics['ndcg@10'].mean), ...cells, single, overFloor];
}

/** Fails before the evaluation (minutes of work) when the report could not be written. */
async function checkWritable(out: string, isDefault: boolean): Promise<void> {
  try {
    await access(dirname(out), constants.W_OK);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: '--out',
      expected: 'a file in a writable folder',
      message: `cannot write ${out}: ${dirname(out)} is missing or not writable (${(error as NodeJS.ErrnoException).code ?? String(error)}); ${
        isDefault
          ? 'run report from the Shortlist repository, or pass --out FILE'
          : 'pass --out FILE in an existing folder'
      }`,
      cause: error,
    });
  }
}

/**
 * `lexical()` learning from each folder's requests as they stream by (what `eval --online`
 * prints): MetaTool on its test split, also with 20% and 30% wrong feedback.
 */
async function learningSection(
  dir: string,
  names: readonly string[],
  sample: number | undefined,
): Promise<string> {
  const { loadDataset, onlineMarkdown } = await import('@shortlist/eval');
  const { runOnline } = await import('../run-online.js');
  const parts = [
    '## Learning from use',
    "`lexical({ examples })` against `lexical()` as each folder's requests stream by in a seeded order (order 1): each request is selected by both and scored, then the learner is taught the tools that served it, or with the stated chance a random wrong tool. `shortlist eval DIR --online [--split test] [--feedback-noise P]` prints one table. Percent; Δ is learning − lexical() with a paired 95% interval.",
  ];
  for (const name of names) {
    const dataset = await loadDataset(join(dir, name), {
      ...(sample === undefined ? {} : { sample }),
    });
    const split = dataset.queries.some((query) => query.split === 'test') ? 'test' : undefined;
    const streamed = split
      ? { ...dataset, queries: dataset.queries.filter((query) => query.split === split) }
      : dataset;
    for (const feedbackNoise of split ? [0, 0.2, 0.3] : [0]) {
      process.stderr.write(
        `learning online on ${name}${feedbackNoise ? ` (${feedbackNoise * 100}% wrong feedback)` : ''}\n`,
      );
      const report = await runOnline(streamed, { limit: 10, feedbackNoise });
      parts.push(
        `### ${name}${split ? ` (${split} split)` : ''}, ${report.requests} requests${feedbackNoise ? `, ${feedbackNoise * 100}% wrong feedback` : ''}`,
        onlineMarkdown(report, { learner: 'learning', baseline: 'lexical()' }),
      );
    }
  }
  return parts.join('\n\n');
}

/**
 * The abstention benchmark (what `shortlist abstention` prints) on the test split, with the
 * confidence's reliability plot that `lab/confidence-fit.mjs` draws.
 */
async function abstentionSection(dir: string): Promise<string> {
  const { abstentionMarkdown } = await import('@shortlist/eval');
  const { runAbstention } = await import('../run-abstention.js');
  const reports = await runAbstention(dir);
  return [
    '## Abstention and confidence',
    abstentionDescription,
    abstentionMarkdown(reports),
    `Run time per catalogue: ${reports.map((report) => `${report.catalogue} ${(report.elapsedMs / 1000).toFixed(1)} s`).join(', ')}. \`shortlist abstention [--split train]\` prints this table alone.`,
    "![Reliability of the first-pick confidence on each set's own test requests](figures/confidence-reliability.svg)",
  ].join('\n\n');
}

/** What the abstention table measures, above it. */
const abstentionDescription =
  'Does the default pipeline answer "no tool fits" when nothing does? Each set\'s catalogue is asked, on the test split (MetaTool\'s own; BFCL and Seal-Tools halved by a hash of the query id), 300 of its own requests, 300 requests of the other two sets (150 each), and 100 of its own requests with their right tools removed first (leave-out; those whose right tool has a same-name variant left, which may still serve, are counted apart). Foreign and leave-out columns are the share abstained on (higher is better); false abstention is the share of own requests abstained on (lower is better); nDCG@10 is over own requests with abstention off and on (an abstained request scores 0); a wrong sibling is a first pick of the same name or dotted namespace as a right tool; ECE is the expected calibration error (10 bins) of `Selection.confidence.first` on own requests. An empty selection counts as abstained. Percent with 95% bootstrap intervals.';

async function reportAction(options: ReportOptions): Promise<void> {
  const root = repoRoot();
  const dir = resolve(options.benchmarks ?? defaultBenchmarksDir());
  const out = resolve(options.out ?? join(root, 'docs/benchmarks.md'));
  await checkWritable(out, options.out === undefined);
  const pipelines = options.pipeline?.length ? options.pipeline : [...offlinePipelines];
  const { runEvaluations } = await import('../run-evaluations.js');
  const { loadDataset, markdownTable, toMarkdown } = await import('@shortlist/eval');
  const { pipelineSummaries } = await import('../pipelines.js');
  const references = await readReferenceFigures(dir);
  const names = await folders(dir);
  if (names.length === 0) {
    throw new InvalidArgumentError({
      argument: '--benchmarks',
      expected: 'dataset folders with tools.jsonl and queries.jsonl',
      message: `${dir} holds no dataset folder (tools.jsonl + queries.jsonl); pass --benchmarks DIR`,
    });
  }
  const started = Date.now();
  const summary: string[][] = [];
  const goals: string[][] = [];
  const sections: string[] = [];
  for (const name of names) {
    const dataset = await loadDataset(join(dir, name), {
      ...(options.sample === undefined ? {} : { sample: options.sample }),
    });
    stderrLine(`evaluating ${pipelines.join(', ')} on ${name} (${dataset.queries.length} queries)`);
    const { reports, comparisons } = await runEvaluations(dataset, pipelines, {
      settings: embeddingSettings(options),
    });
    const reference = references.get(name);
    summary.push(summaryRow(name, reports, reference));
    goals.push(goalRow(name, reports[0]!, comparisons, reference));
    const referenceLine = reference
      ? `Plain-BM25 reference (benchmarks README, percent, no interval): ${referenceColumns
          .map((column) => `${column} ${reference[column]?.toFixed(2) ?? '–'}`)
          .join(', ')}.`
      : 'No plain-BM25 reference figures for this folder.';
    sections.push(
      [
        `## ${name}`,
        `${dataset.queries.length} queries, ${dataset.tools.length} tools, strict relevance.`,
        toMarkdown(reports),
        referenceLine,
        ...comparisons.map(
          (comparison) =>
            `Paired comparison, ${comparison.a} − ${comparison.b} (percentage points, 95% interval, share of resamples where ${comparison.a} leads):\n\n${toMarkdown(comparison)}`,
        ),
        `### ${reports[0]!.name} by group\n\n${toMarkdown(reports[0]!, { groups: true }).split('by group:\n\n')[1] ?? ''}`,
      ].join('\n\n'),
    );
  }
  const learning = await learningSection(dir, names, options.sample);
  const abstention =
    names.includes('bfcl') && names.includes('metatool') && names.includes('sealtools')
      ? await abstentionSection(dir)
      : '';
  const command = `node packages/cli/dist/bin.js report${options.sample ? ` --sample ${options.sample}` : ''}`;
  const document = [
    '# Benchmarks',
    `Generated by \`${command}\` from the repository root (after \`pnpm build\`); add \`--benchmarks DIR\` to point at another copy of the data and \`--out FILE\` to write elsewhere. It evaluates every folder of \`${relative(root, dir) || dir}\` with the offline pipelines of \`packages/cli/src/pipelines.ts\` and took ${Math.round((Date.now() - started) / 1000)} s on the machine that generated it.`,
    `- Pipelines (each query asks for 10 tools; rankers see the whole pool): ${pipelines
      .map((name) => `**${name}**${isPipelineName(name) ? ` (${pipelineSummaries[name]})` : ''}`)
      .join('; ')}. Budgets count tokens for ${defaultModel}; ${defaultPipeline} is the default.`,
    "- Figures are percent, each mean with a 95% bootstrap interval (1,000 resamples, seeded). hit@1 is the reference tables' P@1; MRR is over the 10 tools returned (the reference ranks the full pool, so its MRR can only be slightly higher for the same ranking). Latency is wall time per query with 8 queries in flight on a shared machine: compare it within a row, not across runs.",
    '- The reference is the plain BM25 of `../shared/benchmarks/README.md` (k1 1.2, b 0.75, `[a-z0-9]+` tokens), quoted as published. MetaTool is scored on all queries (no pipeline here learns from the train split).',
    '## nDCG@10 against the plain-BM25 reference',
    markdownTable(
      ['folder', 'queries', 'reference BM25', ...pipelines, `${pipelines[0]} beats the reference`],
      summary,
    ),
    `## ${pipelines[0]} against each other pipeline (paired, percentage points, 95% interval)`,
    `The goals: ${pipelines[0]}'s nDCG@10 at least each single ranker's (the paired interval not below 0) and at least the plain-BM25 reference + ${floorMargin} on every folder; recall@10 and complete@5 show the multi-tool side is not traded away.`,
    markdownTable(
      [
        'folder',
        `${pipelines[0]} nDCG@10`,
        ...pipelines
          .slice(1)
          .flatMap((other) => goalMetrics.map((metric) => `− ${other} ${metric}`)),
        `≥ each (nDCG@10)`,
        `≥ reference + ${floorMargin}`,
      ],
      goals,
    ),
    ...sections,
    learning,
    ...(abstention ? [abstention] : []),
  ].join('\n\n');
  // Hand-written parts of the page it replaces (gateway figures, notes) are kept.
  const previous = await readFile(out, 'utf8').catch(() => undefined);
  await writeFile(out, `${keepHandWritten(document, previous).trimEnd()}\n`);
  writeStdout(
    `${markdownTable(['folder', 'queries', 'reference BM25', ...pipelines, `${pipelines[0]} beats the reference`], summary)}\n\nwrote ${out}\n`,
  );
}

/** Registers `shortlist report`: every benchmark folder × the offline pipelines, into docs/benchmarks.md. */
export function reportCommand(program: Command): void {
  const command = program
    .command('report')
    .description(
      'evaluate every benchmark folder with the offline pipelines and write docs/benchmarks.md',
    )
    .option(
      '--benchmarks <dir>',
      'folder of dataset folders (default: ../shared/benchmarks from the repository root)',
    )
    .option(
      '-o, --out <file>',
      'where to write the Markdown (default: docs/benchmarks.md in the repository)',
    )
    .option(
      '-p, --pipeline <name>',
      `pipelines, first one compared with the reference (default ${offlinePipelines.join(',')})`,
      collect,
    )
    .option(
      '--sample <n>',
      'only n queries per folder, by id hash (for a quick look; the committed file uses all)',
      positiveInteger,
    );
  withEmbeddingOptions(command).action(reportAction);
}

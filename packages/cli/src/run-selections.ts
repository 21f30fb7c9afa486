import { encodingForModel } from '@shortlist/budget';
import { InvalidArgumentError, type Tool } from '@shortlist/core';
import { columnLegend } from './column-legend.js';
import type { SelectCommandOptions } from './commands/select.js';
import { embeddingSettings, impliedPipeline } from './embedding-options.js';
import type { OutputFormat } from './output-format.js';
import { defaultBudget, defaultModel, defaultPipeline } from './pipeline-names.js';
import { createPipeline } from './pipelines.js';
import { progressBar } from './progress-bar.js';
import { budgetNote, selectionJson, selectionTable } from './render-selection.js';
import { sampleFingerprint } from './sample-data.js';
import { readSampleSnapshot, restoreOrIndex, sampleSnapshots } from './sample-snapshot.js';
import { writeStdout } from './standard-output.js';
import { escapeControl, stderrLine } from './terminal-text.js';
import { cachedCounter, readTokenCounts, tokenCountCachePath } from './token-count-cache.js';

/** The build's counts for the bundled sample file (`fingerprint`), else undefined. */
function bundledCounts(fingerprint: string | undefined, model: string | undefined) {
  if (fingerprint === undefined) return undefined;
  const { encoding } = encodingForModel(model ?? defaultModel);
  const counts = readTokenCounts(tokenCountCachePath, encoding);
  return counts && cachedCounter(fingerprint, encoding, counts);
}

/**
 * Indexes the tools with the chosen pipeline and prints the picks for each query: a table per
 * query on a terminal, JSON (one object, or an array when `many`) otherwise.
 */
export async function runSelections(
  tools: readonly Tool[],
  queries: readonly string[],
  options: SelectCommandOptions,
  format: OutputFormat,
  many: boolean,
): Promise<void> {
  if (options.definitions && format !== 'json') {
    throw new InvalidArgumentError({
      argument: '--definitions',
      expected: 'JSON output',
      message: "--definitions adds each pick's definition to the JSON output; add --json",
    });
  }
  const name = options.pipeline ?? impliedPipeline(options, defaultPipeline);
  // Set when the tools are the bundled sample as read from its file: the build's caches fit it.
  const fingerprint = sampleFingerprint(tools);
  const tokenizer = bundledCounts(fingerprint, options.model);
  const pipeline = await createPipeline(name, {
    ...(tokenizer ? { tokenizer } : {}),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
    ...(options.model === undefined ? {} : { model: options.model }),
    ...embeddingSettings(options),
  });
  const bar = progressBar();
  // The bundled sample under the default pipeline starts from the build's snapshot.
  const snapshots =
    name === 'lexical' && fingerprint !== undefined
      ? await readSampleSnapshot(sampleSnapshots(), fingerprint, pipeline)
      : undefined;
  const picker = await restoreOrIndex(pipeline, tools, snapshots, {
    onProgress: (progress) => bar.update(progress),
    // The snapshots were taken of this very file, so core need not digest every tool again.
    catalogueVerified: snapshots !== undefined,
  });
  bar.done();
  try {
    const selections = [];
    for (const query of queries) {
      selections.push(await picker.select(query, { limit: options.limit }));
    }
    if (format === 'json') {
      if (options.json !== true && options.format === undefined) {
        process.stderr.write(
          'shortlist: printing JSON because standard output is not a terminal; pass --format table for the table, or --json to silence this note\n',
        );
      }
      const byName = options.definitions
        ? new Map(tools.map((tool) => [tool.name, tool]))
        : undefined;
      const json = selections.map((selection) => selectionJson(selection, name, byName));
      for (const selection of selections) {
        const note = budgetNote(selection, options.budget ?? defaultBudget);
        if (note) stderrLine(`shortlist: ${selection.query}: ${note}`);
      }
      writeStdout(`${JSON.stringify(many ? json : json[0], null, 2)}\n`);
      return;
    }
    const budget = pipeline.packer === undefined ? undefined : (options.budget ?? defaultBudget);
    const blocks = selections.map((selection) => {
      const table = selectionTable(selection, budget);
      return many ? `› ${escapeControl(selection.query)}\n${indent(table)}` : table;
    });
    const header = many
      ? `${name} pipeline over ${tools.length} tools, ${queries.length} queries\n${columnLegend(selections, budget !== undefined)}\n\n`
      : '';
    writeStdout(`${header}${blocks.join('\n\n')}\n`);
  } finally {
    picker.dispose();
  }
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

import {
  type Comparison,
  compare,
  type Dataset,
  type EvaluationReport,
  evaluate,
} from '@shortlist/eval';
import { createPipeline, type PipelineSettings } from './pipelines.js';
import { progressBar } from './progress-bar.js';

/** How `runEvaluations` evaluates each pipeline. */
export interface RunEvaluationsOptions {
  readonly limit?: number;
  readonly concurrency?: number;
  readonly relevance?: 'strict' | 'any-variant';
  readonly settings?: PipelineSettings;
}

/**
 * Evaluates each named pipeline on the dataset, one after another (indexing with a progress bar
 * on a terminal), and compares the first pipeline with each of the others (first − other).
 */
export async function runEvaluations(
  dataset: Dataset,
  pipelines: readonly string[],
  options: RunEvaluationsOptions = {},
): Promise<{ reports: EvaluationReport[]; comparisons: Comparison[] }> {
  const built = [];
  for (const name of pipelines) {
    built.push({ name, pipeline: await createPipeline(name, options.settings) });
  }
  const reports: EvaluationReport[] = [];
  for (const { name, pipeline } of built) {
    const bar = progressBar();
    const picker = await pipeline.index(dataset.tools, {
      onProgress: (progress) => bar.update({ ...progress, phase: `${name}: ${progress.phase}` }),
    });
    try {
      reports.push(
        await evaluate(picker, dataset, {
          name,
          ...(options.limit === undefined ? {} : { limit: options.limit }),
          ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
          ...(options.relevance === undefined ? {} : { relevance: options.relevance }),
          onProgress: (progress) =>
            bar.update({ ...progress, phase: `${name} on ${dataset.name}` }),
        }),
      );
    } finally {
      bar.done();
      picker.dispose();
    }
  }
  const [first, ...rest] = reports;
  const comparisons = first ? rest.map((report) => compare(first, report)) : [];
  return { reports, comparisons };
}

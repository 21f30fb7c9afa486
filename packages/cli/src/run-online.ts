import { memoryExampleStore } from '@shortlist/core';
import { type Dataset, evaluateOnline, type OnlineReport } from '@shortlist/eval';
import { lexical } from '@shortlist/lexical';
import { progressBar } from './progress-bar.js';

/** How `runOnline` streams a dataset. */
export interface RunOnlineOptions {
  readonly requests?: number;
  readonly seed?: number;
  readonly feedbackNoise?: number;
  readonly limit?: number;
}

/**
 * The default pipeline learning from a stream of the dataset's requests, against the same
 * pipeline without learning; both unpacked, so the figures are the ranking's own.
 */
export async function runOnline(
  dataset: Dataset,
  options: RunOnlineOptions,
): Promise<OnlineReport> {
  const [learner, baseline] = await Promise.all([
    lexical({ maxTokens: false, examples: memoryExampleStore() }).index(dataset.tools),
    lexical({ maxTokens: false }).index(dataset.tools),
  ]);
  const bar = progressBar();
  try {
    return await evaluateOnline(learner, baseline, dataset, {
      ...options,
      onProgress: (progress) =>
        bar.update({ ...progress, phase: `lexical() learning on ${dataset.name}` }),
    });
  } finally {
    bar.done();
    learner.dispose();
    baseline.dispose();
  }
}

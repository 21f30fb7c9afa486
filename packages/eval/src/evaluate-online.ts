import { InvalidArgumentError, type Picker, type ToolExample } from '@shortlist/core';
import { MAX_EXAMPLE_QUERY_LENGTH, seededRandom, throwIfAborted } from '@shortlist/core/kit';
import { type PairedInterval, pairedBootstrap } from './bootstrap.js';
import type { Dataset, DatasetQuery } from './dataset.js';
import { scorers } from './score-query.js';

/** The metrics an online evaluation reports per window. */
export const onlineMetrics = ['hit@1', 'recall@5'] as const;
export type OnlineMetric = (typeof onlineMetrics)[number];

/** Options of `evaluateOnline`. */
export interface OnlineOptions {
  /** Requests streamed, in a seeded order. @default 3000, or every query when there are fewer */
  readonly requests?: number;
  /** Seed of the request order and of the wrong feedback. @default 1 */
  readonly seed?: number;
  /** Chance (0–1) that a request teaches a random wrong tool instead of the one that served it. @default 0 */
  readonly feedbackNoise?: number;
  /** Window bounds over the stream, starting at 0. @default [0, 100, 500, 1000, 2000, 3000] */
  readonly windows?: readonly number[];
  /** Tools asked for per select. @default 10 */
  readonly limit?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: { phase: string; done: number; total: number }) => void;
}

/** One window of the stream: both pickers' means and the paired difference (learner − baseline). */
export interface OnlineWindow {
  readonly from: number;
  readonly to: number;
  readonly learner: Readonly<Record<OnlineMetric, number>>;
  readonly baseline: Readonly<Record<OnlineMetric, number>>;
  readonly difference: Readonly<Record<OnlineMetric, PairedInterval>>;
}

/** What `evaluateOnline` returns. */
export interface OnlineReport {
  readonly dataset: string;
  readonly requests: number;
  readonly seed: number;
  readonly feedbackNoise: number;
  readonly windows: readonly OnlineWindow[];
}

const fail = (argument: string, expected: string, got: unknown): never => {
  throw new InvalidArgumentError({
    argument: `evaluateOnline(options.${argument})`,
    expected,
    message: `evaluateOnline(options.${argument}) must be ${expected}, got ${String(got)}`,
  });
};

/** The dataset's queries in the order a seeded shuffle (Fisher–Yates) gives. */
export function shuffledQueries(queries: readonly DatasetQuery[], seed: number): DatasetQuery[] {
  const order = [...queries];
  const random = seededRandom(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Streams a dataset's requests as an agent's traffic: each is selected by both pickers and
 * scored, then the learner is taught the tools that served it (or, with `feedbackNoise`, a random
 * wrong one), so later requests benefit. Reports each window with a paired bootstrap interval.
 */
export async function evaluateOnline(
  learner: Picker,
  baseline: Picker,
  dataset: Dataset,
  options: OnlineOptions = {},
): Promise<OnlineReport> {
  const { seed = 1, feedbackNoise = 0, limit = 10 } = options;
  if (!Number.isSafeInteger(seed)) fail('seed', 'an integer', seed);
  if (!(feedbackNoise >= 0 && feedbackNoise <= 1))
    fail('feedbackNoise', 'a number from 0 to 1', feedbackNoise);
  if (!Number.isSafeInteger(limit) || limit < 5)
    fail('limit', 'an integer of at least 5 (recall@5 is reported)', limit);
  const requests = Math.min(options.requests ?? 3000, dataset.queries.length);
  if (!Number.isSafeInteger(requests) || requests < 1)
    fail('requests', 'a positive integer', options.requests);
  const bounds = [...(options.windows ?? [0, 100, 500, 1000, 2000, 3000])].filter(
    (b) => b <= requests,
  );
  if (bounds[bounds.length - 1] !== requests) bounds.push(requests);
  if (
    bounds[0] !== 0 ||
    bounds.some((b, i) => !Number.isSafeInteger(b) || (i > 0 && b <= bounds[i - 1]!))
  ) {
    fail('windows', 'increasing integers starting at 0', options.windows);
  }
  if (!learner.learns) {
    throw new InvalidArgumentError({
      argument: 'evaluateOnline(learner)',
      expected: 'a picker that learns',
      message:
        'evaluateOnline(learner) must learn from examples, e.g. lexical({ examples: memoryExampleStore() })',
    });
  }

  const stream = shuffledQueries(dataset.queries, seed).slice(0, requests);
  const noise = seededRandom(seed ^ 0x5bd1e995);
  const toolNames = dataset.tools.map((tool) => tool.name);
  const scores = {
    learner: Object.fromEntries(onlineMetrics.map((m) => [m, new Float64Array(requests)])),
    baseline: Object.fromEntries(onlineMetrics.map((m) => [m, new Float64Array(requests)])),
  } as Record<'learner' | 'baseline', Record<OnlineMetric, Float64Array>>;

  for (const [i, request] of stream.entries()) {
    throwIfAborted(options.signal);
    const relevant = new Set(request.relevant);
    for (const side of ['learner', 'baseline'] as const) {
      const picker = side === 'learner' ? learner : baseline;
      const { picks } = await picker.select(request.query, { limit });
      const ranked = picks.map((pick) => pick.name);
      for (const metric of onlineMetrics)
        scores[side][metric][i] = scorers[metric](ranked, relevant);
    }
    // An example holds the head of a request longer than an example may be, as the gateway keeps.
    const query = request.query.slice(0, MAX_EXAMPLE_QUERY_LENGTH);
    const taught: ToolExample[] = request.relevant.map((tool) => {
      if (noise() >= feedbackNoise) return { query, tool };
      let wrong: string;
      do wrong = toolNames[Math.floor(noise() * toolNames.length)]!;
      while (relevant.has(wrong) && relevant.size < toolNames.length);
      return { query, tool: wrong };
    });
    await learner.learn(taught);
    options.onProgress?.({ phase: 'online', done: i + 1, total: requests });
  }

  const windows: OnlineWindow[] = [];
  for (let w = 1; w < bounds.length; w++) {
    const from = bounds[w - 1]!;
    const to = bounds[w]!;
    const part = (side: 'learner' | 'baseline', metric: OnlineMetric) =>
      scores[side][metric].subarray(from, to);
    const mean = (values: Float64Array) => values.reduce((sum, v) => sum + v, 0) / values.length;
    const pick = (side: 'learner' | 'baseline') =>
      Object.fromEntries(onlineMetrics.map((m) => [m, mean(part(side, m))])) as Record<
        OnlineMetric,
        number
      >;
    windows.push({
      from,
      to,
      learner: pick('learner'),
      baseline: pick('baseline'),
      difference: Object.fromEntries(
        onlineMetrics.map((m) => [
          m,
          pairedBootstrap(part('learner', m), part('baseline', m), { seed }),
        ]),
      ) as Record<OnlineMetric, PairedInterval>,
    });
  }
  return { dataset: dataset.name, requests, seed, feedbackNoise, windows };
}

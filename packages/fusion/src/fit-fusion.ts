import { InvalidArgumentError, type Picker } from '@shortlist/core';
import {
  checkInteger,
  type LongCallOptions,
  type SourceRanking,
  throwIfAborted,
} from '@shortlist/core/kit';
import { complexity, type FitGrid, fitCandidates } from './fit-candidates.js';
import { type FitMetric, parseMetric } from './fit-metric.js';
import type { ConfiguredFusion, FusionConfig } from './fusion-config.js';
import { fusionFromJSON } from './fusion-from-json.js';

/** A query with the names of the tools that answer it. */
export interface LabelledQuery {
  readonly query: string;
  readonly relevant: readonly string[];
}

/** Options of `fitFusion`. */
export interface FitOptions extends FitGrid, LongCallOptions {
  /** What the fit maximises, averaged over the queries. @default 'ndcg@10' */
  readonly metric?: FitMetric;
  /**
   * How many tools each ranker returns per query. Score normalisation depends on it, so match
   * what `select()` will ask for: `limit × overFetch`. @default 40 (limit 10 × overFetch 4)
   */
  readonly depth?: number;
  /**
   * Among configs whose score is within this of the best, the simplest wins (fewest departures
   * from `rrf()`: method, `k`, unequal weights), so noise does not buy complexity. @default 0.002
   */
  readonly tolerance?: number;
  /**
   * When ≥ 2, also runs k-fold cross-validation of the whole selection (grid + tolerance rule)
   * and reports its held-out score, an honest estimate of how the fit generalises. @default 1 (off)
   */
  readonly folds?: number;
}

/** A config and its mean metric on the labelled queries. */
export interface FitTrial {
  readonly config: FusionConfig;
  readonly score: number;
}

/** Held-out scores from k-fold cross-validation. */
export interface CrossValidation {
  readonly folds: number;
  /** Mean metric on held-out queries of the config each fold's fit chose. */
  readonly score: number;
  /** Mean metric of uniform `rrf()` on the same queries, for comparison. */
  readonly baseline: number;
}

/** What `fitFusion` learned and how it compares. */
export interface FitResult {
  /** The chosen fusion: pass it to `.fuse()`, or save `JSON.stringify(fusion)`. */
  readonly fusion: ConfiguredFusion;
  readonly config: FusionConfig;
  /** Mean metric of the chosen fusion on the labelled queries (in-sample). */
  readonly score: number;
  /** Mean metric of uniform `rrf()` (k = 60) and of each ranker alone, on the same queries. */
  readonly baselines: { readonly rrf: number; readonly rankers: Readonly<Record<string, number>> };
  /** Every config scored, in search order. */
  readonly trials: readonly FitTrial[];
  /** Present when `folds` ≥ 2. */
  readonly crossValidation?: CrossValidation;
}

function checkQueries(queries: unknown): readonly LabelledQuery[] {
  if (!Array.isArray(queries) || queries.length === 0) {
    throw new InvalidArgumentError({
      argument: 'fitFusion(labelledQueries)',
      expected: 'a non-empty array of { query, relevant }',
      message:
        'fitFusion(labelledQueries) needs a non-empty array of { query: string, relevant: string[] }',
    });
  }
  queries.forEach((labelled: LabelledQuery, i) => {
    const relevant = labelled?.relevant;
    if (
      typeof labelled?.query !== 'string' ||
      !Array.isArray(relevant) ||
      relevant.length === 0 ||
      !relevant.every((name) => typeof name === 'string')
    ) {
      throw new InvalidArgumentError({
        argument: `fitFusion(labelledQueries[${i}])`,
        expected: '{ query: string, relevant: non-empty string[] }',
        message: `fitFusion(labelledQueries[${i}]) must be { query: string, relevant: string[] } with at least one relevant tool name`,
      });
    }
  });
  return queries;
}

function checkPositiveInteger(value: unknown, argument: string): number {
  return checkInteger(value, argument);
}

function mean(values: Float64Array, rows?: readonly number[]): number {
  let sum = 0;
  if (!rows) {
    for (const value of values) sum += value;
    return sum / values.length;
  }
  for (const row of rows) sum += values[row]!;
  return sum / rows.length;
}

/** Index of the chosen config: the simplest within `tolerance` of the best, then the best scoring. */
function choose(
  means: readonly number[],
  complexities: readonly number[],
  tolerance: number,
): number {
  const best = Math.max(...means);
  let chosen = -1;
  means.forEach((score, i) => {
    if (score < best - tolerance) return;
    if (
      chosen === -1 ||
      complexities[i]! < complexities[chosen]! ||
      (complexities[i] === complexities[chosen] && score > means[chosen]!)
    ) {
      chosen = i;
    }
  });
  return chosen;
}

/**
 * Learns a fusion from labelled queries: which method, its weights and RRF's `k`. Each ranker's
 * ranking is computed once per query (`picker.rankings`) and cached; the grid search then re-runs
 * only the fusion, so a fit costs one ranking pass plus cheap arithmetic.
 */
export async function fitFusion(
  picker: Pick<Picker, 'rankings'>,
  labelledQueries: readonly LabelledQuery[],
  options: FitOptions = {},
): Promise<FitResult> {
  const queries = checkQueries(labelledQueries);
  const metric = parseMetric(options.metric ?? 'ndcg@10');
  const depth = checkPositiveInteger(options.depth ?? 40, 'fitFusion(options.depth)');
  const folds = checkPositiveInteger(options.folds ?? 1, 'fitFusion(options.folds)');
  const tolerance = options.tolerance ?? 0.002;
  if (typeof tolerance !== 'number' || !(tolerance >= 0)) {
    throw new InvalidArgumentError({
      argument: 'fitFusion(options.tolerance)',
      expected: 'a number ≥ 0',
      message: `fitFusion(options.tolerance) must be a number ≥ 0 in metric units, got ${String(tolerance)}`,
    });
  }
  if (folds > queries.length) {
    throw new InvalidArgumentError({
      argument: 'fitFusion(options.folds)',
      expected: `at most ${queries.length}, the number of labelled queries`,
      message: `fitFusion(options.folds) is ${folds} but there are only ${queries.length} labelled queries`,
    });
  }
  const { signal, onProgress } = options;

  const cached: SourceRanking[][] = [];
  for (const [i, labelled] of queries.entries()) {
    throwIfAborted(signal);
    cached.push(await picker.rankings(labelled.query, { limit: depth, signal }));
    onProgress?.({ phase: 'rank', done: i + 1, total: queries.length });
  }
  const rankerIds = [...new Set(cached.flatMap((sources) => sources.map((s) => s.rankerId)))];
  if (rankerIds.length < 2) {
    throw new InvalidArgumentError({
      argument: 'fitFusion(picker)',
      expected: 'a picker with at least two rankers',
      message: `fitFusion needs a pipeline with at least two rankers to fuse; this one has ${rankerIds.length} (${rankerIds.join(', ')})`,
    });
  }
  const relevant = queries.map((labelled) => new Set(labelled.relevant));
  const limit = Number.isFinite(metric.cutoff) ? metric.cutoff : depth * rankerIds.length;
  const perQuery = (ranked: (i: number) => readonly string[]): Float64Array =>
    Float64Array.from(queries, (_, i) => metric.score(ranked(i), relevant[i]!));

  const rankers: Record<string, number> = {};
  for (const id of rankerIds) {
    rankers[id] = mean(
      perQuery((i) => cached[i]!.find((s) => s.rankerId === id)?.ranking.map((e) => e.name) ?? []),
    );
  }

  const configs = fitCandidates(rankerIds, options);
  const scores: Float64Array[] = [];
  for (const [c, config] of configs.entries()) {
    throwIfAborted(signal);
    const fusion = fusionFromJSON(config);
    scores.push(perQuery((i) => fusion.doFuse(cached[i]!, { limit }).map((entry) => entry.name)));
    onProgress?.({ phase: 'search', done: c + 1, total: configs.length });
  }
  const means = scores.map((values) => mean(values));
  const complexities = configs.map((config) => complexity(config, rankerIds));
  const chosen = choose(means, complexities, tolerance);
  const config = configs[chosen]!;

  let crossValidation: CrossValidation | undefined;
  if (folds >= 2) {
    let held = 0;
    for (let fold = 0; fold < folds; fold++) {
      const train = queries.map((_, i) => i).filter((i) => i % folds !== fold);
      const test = queries.map((_, i) => i).filter((i) => i % folds === fold);
      const pick = choose(
        scores.map((values) => mean(values, train)),
        complexities,
        tolerance,
      );
      held += test.reduce((sum, i) => sum + scores[pick]![i]!, 0);
    }
    crossValidation = { folds, score: held / queries.length, baseline: means[0]! };
  }

  return {
    fusion: fusionFromJSON(config),
    config,
    score: means[chosen]!,
    baselines: { rrf: means[0]!, rankers },
    trials: configs.map((trial, i) => ({ config: trial, score: means[i]! })),
    ...(crossValidation ? { crossValidation } : {}),
  };
}

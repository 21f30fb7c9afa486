import { cpus, platform } from 'node:os';
import { InvalidArgumentError } from '@shortlist/core';
import { type BudgetBenchResult, benchPacking, benchTokenizers } from './budget-bench.js';
import { generateCatalogue } from './catalogue.js';
import { getGc } from './memory.js';
import { generateQueries } from './queries.js';
import { benchRanker, type RankerResult } from './ranker-bench.js';
import { benchRankerIds, benchRankers } from './rankers.js';
import type { DefinitionSet } from './read-definitions.js';
import {
  checkTargets,
  checkVectorTargets,
  type Ratio,
  ratios,
  type TargetCheck,
} from './targets.js';
import { benchVectors, type VectorResult } from './vector-bench.js';

/** What to measure; every field is optional. */
export interface BenchOptions {
  /** Catalogue sizes in tools. @default [1000, 10000, 100000] */
  readonly sizes?: readonly number[];
  /** Queries per ranker and size. @default 1000 */
  readonly queries?: number;
  /** Ranker ids among `bm25`, `tfidf`, `orama`, `orama-stock`. @default all four */
  readonly rankers?: readonly string[];
  /** Seed of the catalogue and queries. @default 1 */
  readonly seed?: number;
  /** Time cap for one ranker's queries at one size, in ms (orama needs it at 10k+). @default 15000 */
  readonly maxQueryMs?: number;
  /** Run the budget section (tokenizers and packing overhead). @default true */
  readonly budget?: boolean;
  /** Catalogue size of the packing-overhead measurement. @default 10000 */
  readonly budgetSize?: number;
  /** Token budget of the packed pipeline. @default 2000 */
  readonly maxTokens?: number;
  /** Synthetic definitions the tokenizers count. @default 10000 */
  readonly tokenizerDefinitions?: number;
  /** Real definitions the tokenizers also count (`readDefinitions('../shared/benchmarks')`). */
  readonly definitions?: DefinitionSet;
  /** Run the vector-search section (semantic and intent). @default true */
  readonly vectors?: boolean;
  /** Catalogue sizes of the vector section. @default [1000, 10000, 100000] */
  readonly vectorSizes?: readonly number[];
  /** Embedding dimensions of the vector section. @default [384, 768, 1536] */
  readonly vectorDimensions?: readonly number[];
  /** A MetaTool folder (queries.jsonl, tools.jsonl) for intent() on real data. */
  readonly metatool?: string;
  /** Receives a line as each step starts, for progress output. */
  readonly onProgress?: (message: string) => void;
}

/** Where the figures were taken. */
export interface BenchEnvironment {
  readonly node: string;
  readonly platform: string;
  readonly cpu: string;
  readonly cores: number;
  /** False when memory was measured without a forced collection (less reliable). */
  readonly forcedGc: boolean;
  readonly date: string;
}

/** Everything one run measured; `renderMarkdown` prints it, `JSON.stringify` serialises it. */
export interface BenchReport {
  readonly environment: BenchEnvironment;
  readonly seed: number;
  readonly queries: number;
  readonly maxQueryMs: number;
  readonly rankers: readonly RankerResult[];
  readonly ratios: readonly Ratio[];
  readonly targets: readonly TargetCheck[];
  readonly budget?: BudgetBenchResult;
  /** Vector search (semantic, intent) against the brute-force scan. */
  readonly vectors?: readonly VectorResult[];
  /** Caveats of this run: capped query counts, failures. */
  readonly notes: readonly string[];
}

const invalid = (argument: string, expected: string, got: unknown): never => {
  throw new InvalidArgumentError({
    argument: `runBench(${argument})`,
    expected,
    message: `runBench(): ${argument} must be ${expected}, got ${JSON.stringify(got) ?? String(got)}`,
  });
};

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * Runs the benchmark in this process: for each size, a seeded synthetic catalogue and queries,
 * then each ranker's build, memory, query latency and snapshot restore, then the budget section.
 */
export async function runBench(options: BenchOptions = {}): Promise<BenchReport> {
  const {
    sizes = [1000, 10_000, 100_000],
    queries: queryCount = 1000,
    rankers = benchRankerIds,
    seed = 1,
    maxQueryMs = 15_000,
    budget: withBudget = true,
    budgetSize = 10_000,
    maxTokens = 2000,
    tokenizerDefinitions = 10_000,
    definitions: realDefinitions,
    vectors: withVectors = true,
    vectorSizes = [1000, 10_000, 100_000],
    vectorDimensions = [384, 768, 1536],
    metatool,
    onProgress = () => {},
  } = options;
  for (const [name, list] of Object.entries({ vectorSizes, vectorDimensions })) {
    if (!Array.isArray(list) || list.length === 0 || !list.every(isCount)) {
      invalid(`options.${name}`, 'a non-empty list of positive integers', list);
    }
  }
  if (!Array.isArray(sizes) || sizes.length === 0 || !sizes.every(isCount)) {
    invalid('options.sizes', 'a non-empty list of positive integers', sizes);
  }
  for (const [name, value] of Object.entries({
    queryCount,
    budgetSize,
    maxTokens,
    tokenizerDefinitions,
  })) {
    if (!isCount(value))
      invalid(`options.${name === 'queryCount' ? 'queries' : name}`, 'a positive integer', value);
  }
  if (!Number.isInteger(seed)) invalid('options.seed', 'an integer', seed);
  if (!(typeof maxQueryMs === 'number' && maxQueryMs > 0))
    invalid('options.maxQueryMs', 'a positive number of ms', maxQueryMs);
  for (const id of rankers) {
    if (!Object.hasOwn(benchRankers, id))
      invalid('options.rankers', `ids among ${benchRankerIds.join(', ')}`, id);
  }

  const gc = getGc();
  const notes: string[] = [];
  if (!gc) notes.push('memory measured without a forced collection (run node with --expose-gc)');
  const results: RankerResult[] = [];
  for (const size of sizes) {
    onProgress(
      `generating ${size.toLocaleString('en-US')} tools and ${queryCount.toLocaleString('en-US')} queries`,
    );
    const tools = generateCatalogue({ size, seed });
    const queries = generateQueries(tools, { count: queryCount, seed }).map((q) => q.query);
    for (const id of benchRankerIds.filter((known) => rankers.includes(known))) {
      onProgress(`${id} at ${size.toLocaleString('en-US')} tools`);
      try {
        const result = await benchRanker(benchRankers[id]!(), tools, queries, { maxQueryMs, gc });
        results.push(result);
        if (result.queries < result.queriesAsked) {
          notes.push(
            `${id} at ${size.toLocaleString('en-US')} tools: ${result.queries.toLocaleString('en-US')} of ${result.queriesAsked.toLocaleString('en-US')} queries timed (time cap ${maxQueryMs / 1000} s, --max-query-seconds)`,
          );
        }
        if (result.restoreNote && result.restoreNote !== 'no snapshots') {
          notes.push(`${id} at ${size.toLocaleString('en-US')} tools: ${result.restoreNote}`);
        }
      } catch (error) {
        notes.push(
          `${id} at ${size.toLocaleString('en-US')} tools failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      gc?.();
    }
  }

  let budget: BudgetBenchResult | undefined;
  if (withBudget) {
    onProgress(`budget: packing overhead at ${budgetSize.toLocaleString('en-US')} tools`);
    const tools = generateCatalogue({ size: budgetSize, seed });
    const queries = generateQueries(tools, { count: queryCount, seed }).map((q) => q.query);
    // Packing first: its cold first query must load the BPE table itself, not find it cached.
    const packing = await benchPacking(tools, queries, maxTokens);
    const tokenizers = [];
    if (realDefinitions) {
      onProgress(
        `budget: tokenizers on ${realDefinitions.tools.length.toLocaleString('en-US')} definitions from ${realDefinitions.source}`,
      );
      tokenizers.push(...(await benchTokenizers(realDefinitions.tools, realDefinitions.source)));
    }
    onProgress(
      `budget: tokenizers on ${tokenizerDefinitions.toLocaleString('en-US')} synthetic definitions`,
    );
    const definitions = generateCatalogue({ size: tokenizerDefinitions, seed: seed + 1 });
    tokenizers.push(...(await benchTokenizers(definitions, 'synthetic')));
    budget = { encoding: 'o200k_base', tokenizers, packing };
  }

  let vectors: VectorResult[] | undefined;
  if (withVectors) {
    const queries = generateQueries(generateCatalogue({ size: 1000, seed }), {
      count: Math.min(queryCount, 1000),
      seed,
    }).map((q) => q.query);
    vectors = await benchVectors({
      sizes: vectorSizes,
      dimensions: vectorDimensions,
      queries,
      tools: (size) => generateCatalogue({ size, seed }),
      ...(metatool ? { metatool } : {}),
      gc,
      onProgress,
    });
  }

  const cpuList = cpus();
  return {
    environment: {
      node: process.version,
      platform: `${platform()} ${process.arch}`,
      cpu: cpuList[0]?.model.trim() ?? 'unknown',
      cores: cpuList.length,
      forcedGc: gc !== undefined,
      date: new Date().toISOString(),
    },
    seed,
    queries: queryCount,
    maxQueryMs,
    rankers: results,
    ratios: ratios(results),
    targets: [...checkTargets(results), ...checkVectorTargets(vectors ?? [])],
    ...(budget ? { budget } : {}),
    ...(vectors ? { vectors } : {}),
    notes,
  };
}

export type { BudgetBenchResult, PackingResult, TokenizerResult } from './budget-bench.js';
export {
  type CatalogueOptions,
  generateCatalogue,
  generateDefinitions,
  type ToolDefinition,
} from './catalogue.js';
export { markdownTable } from './markdown-table.js';
export { type BenchCommand, benchUsage, parseBenchArgs } from './parse-args.js';
export { generateQueries, type QueryOptions, type SyntheticQuery } from './queries.js';
export type { RankerResult } from './ranker-bench.js';
export { benchRankerIds } from './rankers.js';
export { type DefinitionSet, readDefinitions } from './read-definitions.js';
export { renderMarkdown } from './render-markdown.js';
export {
  type BenchEnvironment,
  type BenchOptions,
  type BenchReport,
  runBench,
} from './run-bench.js';
export { percentile, type Summary, summarise } from './stats.js';
export type { Ratio, TargetCheck } from './targets.js';
export type { VectorResult } from './vector-bench.js';

export { completeAt, hitAt, ndcgAt, recallAt, reciprocalRank } from '@shortlist/core/kit';
export { abstentionMarkdown } from './abstention-markdown.js';
export {
  type AbstentionKind,
  type AbstentionRequest,
  type AbstentionSizes,
  type AbstentionSplit,
  abstentionRequests,
  abstentionSplit,
} from './abstention-requests.js';
export {
  type BootstrapOptions,
  bootstrapInterval,
  type Interval,
  type PairedInterval,
  pairedBootstrap,
} from './bootstrap.js';
export { type Calibration, calibration, type ReliabilityBin } from './calibration.js';
export { type Comparison, compare, type MetricComparison } from './compare.js';
export type { Dataset, DatasetQuery } from './dataset.js';
export { DatasetError, type DatasetProblem } from './dataset-error.js';
export {
  type EvaluateOptions,
  evaluate,
  type RetrieveFunction,
  type Selector,
} from './evaluate.js';
export {
  type AbstainingPicker,
  type AbstentionOutcome,
  type AbstentionReport,
  type EvaluateAbstentionOptions,
  evaluateAbstention,
} from './evaluate-abstention.js';
export {
  evaluateOnline,
  type OnlineMetric,
  type OnlineOptions,
  type OnlineReport,
  type OnlineWindow,
  onlineMetrics,
  shuffledQueries,
} from './evaluate-online.js';
export { type MarkdownTableOptions, markdownTable } from './format.js';
export { type LoadDatasetOptions, loadDataset } from './load-dataset.js';
export { isMetricName, type MetricName, metricNames } from './metric-names.js';
export { type OnlineMarkdownOptions, onlineMarkdown } from './online-markdown.js';
export { queryGroup } from './query-group.js';
export type {
  EvaluationReport,
  GroupReport,
  MetricIntervals,
  PerQuery,
} from './report.js';
export { sampleById } from './sample-queries.js';
export { type JsonOptions, toJSON } from './to-json.js';
export { type MarkdownOptions, toMarkdown } from './to-markdown.js';

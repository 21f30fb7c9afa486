// The main entry: what users and the plugin contracts need. Building blocks for plugin authors
// are in `@shortlist/core/kit`, the adapter kit in `@shortlist/core/adapter`, file-backed stores
// in `@shortlist/core/node`.
export { type CachedOptions, cached } from './cache/cached.js';
export type { EmbeddingStore } from './cache/embedding-store.js';
export { type MemoryStoreOptions, memoryStore } from './cache/memory-store.js';
export {
  ApiCallError,
  CorruptDataError,
  InvalidArgumentError,
  PluginError,
  ShortlistError,
  type ShortlistErrorCode,
  UnsupportedSpecVersionError,
} from './errors/index.js';
export type { ExampleChange, ExampleStore } from './learning/example-store.js';
export {
  type MemoryExampleStore,
  type MemoryExampleStoreOptions,
  memoryExampleStore,
} from './learning/memory-example-store.js';
export type { ExampleSelector, ToolExample } from './learning/tool-example.js';
export type { Picker, RankingsOptions, SelectOptions } from './pipeline/picker.js';
export { type Pipeline, pipe, type RestoreOptions, type ToolInput } from './pipeline/pipe.js';
export type { Pick, Selection } from './pipeline/selection.js';
export type { ToolScope } from './pipeline/tool-scope.js';
export { type SemanticOptions, semantic } from './semantic/semantic.js';
export {
  type MemorySnapshotStoreOptions,
  memorySnapshotStore,
} from './snapshot/memory-snapshot-store.js';
export type { SnapshotStore } from './snapshot/snapshot-store.js';
export type { EmbedderV1 } from './spec/embedder-v1.js';
export type { Confidence, FusionV1 } from './spec/fusion-v1.js';
export type { PackerV1 } from './spec/packer-v1.js';
export type { RankerV1 } from './spec/ranker-v1.js';
export { type SpecVersion, supportedSpecVersions } from './spec/versions.js';
export { toCatalogue } from './tools/catalogue.js';
export { toTools } from './tools/to-tools.js';
export type { JsonSchema, Tool, ToolFormat } from './tools/tool.js';

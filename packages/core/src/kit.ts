// The plugin author's kit: the parts of the spec contracts a plugin's methods take and return,
// and the building blocks first-party rankers, embedders, stores and fusions share (text analysis,
// tool fields, snapshot codec and checks, top-k and max-score steps, the vector index, metrics).
export type { WarningHandler } from './cache/embedding-store.js';
export { type EmbedManyOptions, embedMany, zeroVectorAt } from './embedding/embed-many.js';
export {
  createVectorIndex,
  type Neighbour,
  type SearchMethod,
  type VectorIndex,
} from './embedding/vector-index.js';
export { dotRow, normalize } from './embedding/vector-math.js';
export { type ApiFailureReason, hasErrorCode } from './errors/index.js';
export { createExampleIndex, type ExampleIndex } from './learning/example-index.js';
export type { ExampleChange } from './learning/example-store.js';
export { createFairBound, type FairBound } from './learning/fair-bound.js';
export { checkMaxAgeMs, checkMaxExamples, DEFAULT_MAX_EXAMPLES } from './learning/store-bounds.js';
export {
  checkExamples,
  checkSelector,
  exampleKey,
  exampleMatches,
  foldedQuery,
  MAX_EXAMPLE_QUERY_LENGTH,
} from './learning/tool-example.js';
export { MAX_PACK_CANDIDATES, MAX_SELECT_DEPTH } from './pipeline/limit-policy.js';
export {
  type CappedQuery,
  capQuery,
  MAX_QUERY_CHARACTERS,
  MAX_QUERY_WORDS,
  type QueryTruncation,
} from './pipeline/query-length.js';
export type { NameFilter } from './pipeline/tool-scope.js';
export { compareRanked } from './ranking/compare-ranked.js';
export { gallopTo } from './ranking/gallop.js';
export {
  type KthLargest,
  kthLargest,
  kthValue,
  offerKth,
  resetKth,
} from './ranking/kth-largest.js';
export {
  BOUND_SLACK,
  keepReachable,
  kthAccumulated,
  takeBestAndClear,
} from './ranking/max-score.js';
export { maxScorePlace } from './ranking/max-score-place.js';
export {
  type BoundedQuery,
  createMaxScoreSearcher,
  type MaxScoreSearcher,
  maxScoreSearch,
  type ScoredPostings,
} from './ranking/max-score-search.js';
// Ranking metrics live here so fitting (fusion) and evaluation (eval) share one definition.
export { completeAt, hitAt, ndcgAt, recallAt, reciprocalRank } from './ranking/metrics.js';
export { placeByRanking, readPlaceOptions } from './ranking/place-scope.js';
export { keepRarestTerms, MAX_QUERY_TERMS } from './ranking/query-term-cap.js';
export {
  offerTop,
  resetTop,
  type TopSlots,
  takeRanking,
  topFloor,
  topSlots,
} from './ranking/top-slots.js';
export {
  isOffsetList,
  type OpenedSnapshot,
  openRankerSnapshot,
  type SnapshotSetting,
} from './snapshot/open-ranker-snapshot.js';
export {
  checkPackedTerms,
  type PackedTerms,
  packedTermCount,
  packedTermId,
  packTerms,
  unpackTerms,
} from './snapshot/packed-terms.js';
export {
  type DecodePickerSnapshotOptions,
  decodePickerSnapshot,
  encodePickerSnapshot,
  type PickerSnapshot,
} from './snapshot/picker-container.js';
export {
  checkSnapshotNames,
  failSnapshot,
  isStringArray,
  sameToolNames,
} from './snapshot/snapshot-checks.js';
export {
  type DecodeSnapshotOptions,
  decodeSnapshot,
  encodeSnapshot,
  type SnapshotArray,
  type SnapshotContent,
} from './snapshot/snapshot-codec.js';
export { snapshotConfiguration } from './snapshot/snapshot-configuration.js';
export type { Awaitable, CallOptions, LongCallOptions, Progress } from './spec/call-options.js';
export type { EmbedInputType, EmbedOptions, EmbedResult } from './spec/embedder-v1.js';
export type {
  Confidence,
  ConfidenceInput,
  FusedTool,
  FuseOptions,
  SourcePlacement,
  SourceRanking,
} from './spec/fusion-v1.js';
export type { LearnCallV1, LearnedRankingV1, LearnerIndexV1 } from './spec/learner-v1.js';
export type {
  DroppedTool,
  DropReason,
  PackCandidate,
  PackedTool,
  PackOptions,
  PackResult,
  PrepareOptions,
} from './spec/packer-v1.js';
export type {
  PlaceOptions,
  RankedTool,
  RankerIndexV1,
  Ranking,
  RankOptions,
} from './spec/ranker-v1.js';
export { ASCII_CLASS, ASCII_LOWER, ASCII_UPPER } from './text/ascii-class.js';
export { englishStopwords } from './text/english-stopwords.js';
export { lightStem } from './text/light-stem.js';
export { type SharedWords, sharedWords } from './text/shared-words.js';
export { asciiWordCursor, nextAsciiWord } from './text/split-ascii-words.js';
export { splitWords } from './text/split-words.js';
export { createTermIdReader } from './text/term-ids.js';
export { countTokensBounded, MAX_TOKEN_RUN, tokenPieces } from './text/token-pieces.js';
export {
  analysisVersion,
  createTokenizer,
  defaultTokenizer,
  type Tokenizer,
  type TokenizerOptions,
} from './text/tokenizer.js';
export {
  type FieldWeights,
  type ToolField,
  type ToolFields,
  toolFieldNames,
  toolFields,
  toolText,
} from './text/tool-fields.js';
export { isAbortError, raceAbort, throwIfAborted } from './util/abort.js';
// One home for small algorithms several packages need: an integer check, a string hash, a seeded generator.
export { checkInteger, type IntegerRule } from './util/check-integer.js';
export { FNV_OFFSET, FNV_PRIME, fnv1a } from './util/fnv1a.js';
export { hashHex, hashString, mixHash } from './util/hash-string.js';
export { type PathFailureContext, pathFailure } from './util/path-failure.js';
export { seededRandom } from './util/seeded-random.js';
export { type TopK, topK } from './util/top-k.js';

export { deepFreeze } from './deep-freeze.js';
export { type DescribeEmbedderOptions, describeEmbedder } from './describe-embedder.js';
export {
  type DescribeExampleStoreOptions,
  describeExampleStore,
  type ExampleStoreBounds,
} from './describe-example-store.js';
export { type DescribeFusionOptions, describeFusion } from './describe-fusion.js';
export { type DescribeLearnerOptions, describeLearner } from './describe-learner.js';
export { type DescribePackerOptions, describePacker } from './describe-packer.js';
export { type DescribeRankerOptions, describeRanker } from './describe-ranker.js';
export {
  type DescribeRemoteEmbedderOptions,
  describeRemoteEmbedder,
  type RemoteEmbedderSettings,
} from './describe-remote-embedder.js';
export { expectSameRanking, expectWellFormedRanking } from './expect-ranking.js';
export {
  bagOfWordsEmbedder,
  type CountingEmbedder,
  countingEmbedder,
} from './fixture-embedders.js';
export type { RemoteEmbeddingsServer, RemoteFault, RemoteWireItem } from './remote-server.js';
export { extraTools, sampleQueries, sampleTools } from './sample-tools.js';

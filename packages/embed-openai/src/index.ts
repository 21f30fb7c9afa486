export { openaiEmbedder } from './default-embedder.js';
export { openAIModelDimensions } from './model-dimensions.js';
export { createOpenAIEmbedder } from './openai-embedder.js';
export type {
  EmbedWarning,
  OpenAIEmbedderOptions,
  OpenAIEmbeddingModel,
} from './openai-embedder-options.js';
export { countTokens } from './token-batches.js';

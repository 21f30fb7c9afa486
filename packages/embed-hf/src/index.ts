export { hfEmbedder } from './default-embedder.js';
export { createHFEmbedder } from './hf-embedder.js';
export type { HFEmbedderOptions, HFEmbeddingModel, HFPooling } from './hf-embedder-options.js';
export { hfModelDimensions } from './model-dimensions.js';

export { transformersModelDimensions } from './model-presets.js';
export { createTransformersEmbedder, defaultTransformersModel } from './transformers-embedder.js';
export type {
  TransformersDtype,
  TransformersEmbedderOptions,
  TransformersEmbeddingModel,
  TransformersPooling,
} from './transformers-embedder-options.js';

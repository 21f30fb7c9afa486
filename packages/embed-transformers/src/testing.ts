// A tiny model for tests: write it to a temp folder and load it with no download.
export {
  embeddingTable,
  referenceVector,
  type TinyModelOptions,
  writeTinyModel,
} from './testing/tiny-model.js';

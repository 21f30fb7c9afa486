export { tfidf } from './tfidf.js';
export { defaultTfidfFieldWeights, type FieldWeights, type TfidfOptions } from './tfidf-options.js';

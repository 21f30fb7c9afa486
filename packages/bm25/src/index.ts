export type { FieldWeights } from '@shortlist/core/kit';
export { bm25 } from './bm25.js';
export type { Bm25Options } from './bm25-options.js';
export { defaultFieldWeights } from './resolve-options.js';

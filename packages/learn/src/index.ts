export { learned } from './learned.js';
export type { LearnedOptions } from './learned-options.js';
export { type WithLearningOptions, withLearning } from './with-learning.js';

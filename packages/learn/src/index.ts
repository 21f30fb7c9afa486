export { learned } from './learned.js';
export type { LearnedOptions } from './learned-options.js';

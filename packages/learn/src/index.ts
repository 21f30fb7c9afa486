export { learned } from './learned.js';
export type { LearnedOptions } from './learned-options.js';
export { encodeRequest as storedRequest } from './request-form.js';

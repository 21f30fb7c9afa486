export { orama } from './orama.js';
export type { OramaOptions, OramaRelevance } from './orama-options.js';

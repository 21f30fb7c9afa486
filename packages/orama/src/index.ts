export { orama } from './orama.js';
export { oramaDefaultTokenizer } from './orama-default-tokenizer.js';
export type { OramaOptions, OramaRelevance } from './orama-options.js';

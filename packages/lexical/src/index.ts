export { actionVerbGroups } from './action-verbs.js';
export { defaultMaxTokens, lexical } from './lexical.js';
export { lexicalFusion, lexicalRankers } from './lexical-fusion.js';
export type { LexicalOptions } from './lexical-options.js';
export { nameMatch } from './name-match.js';
export type { NameMatchOptions } from './name-match-options.js';

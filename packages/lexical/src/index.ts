export { actionVerbGroups } from './action-verbs.js';
export { defaultMaxTokens, lexical } from './lexical.js';
export { lexicalFusion, lexicalRankers, maxPieceTerms } from './lexical-fusion.js';
export type { LexicalOptions } from './lexical-options.js';
export { nameMatch } from './name-match.js';
export type { NameMatchOptions } from './name-match-options.js';
export { wordBigrams } from './word-bigrams.js';
export { wordPieces } from './word-pieces.js';

export type { FieldWeights } from '@shortlist/core/kit';
export type {
  DeferredTerms,
  InterningTokenizer,
  LaterTerms,
  TermIdReader,
} from './interning-tokenizer.js';
export { type LexicalEmbedder, lexicalEmbedder } from './lexical-embedder.js';
export type { LexicalEmbedderOptions } from './lexical-embedder-options.js';
export { tfidf } from './tfidf.js';
export { defaultTfidfFieldWeights, type TfidfOptions } from './tfidf-options.js';

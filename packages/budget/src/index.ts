export { budget } from './budget.js';
export type {
  BudgetOptions,
  CountingMethod,
  PackingStrategy,
  TokenizerChoice,
} from './budget-options.js';
export { gptTokenizer } from './gpt-tokenizer.js';
export { encodingForModel, type ModelEncoding } from './model-encoding.js';
export { tiktokenTokenizer } from './tiktoken-tokenizer.js';
export type { TokenCounter, TokenEncoding, TokenizerOptions } from './token-counter.js';
export { type DefinitionFormat, definitionText, toolDefinition } from './tool-definition.js';
export { loadWholeTable, upperBoundTokenizer } from './upper-bound-tokenizer.js';

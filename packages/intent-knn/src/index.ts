export { type IntentRanker, intent } from './intent.js';
export type { IntentExample, IntentOptions } from './intent-options.js';

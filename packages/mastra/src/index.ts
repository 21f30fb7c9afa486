export type { StepMessages } from './model-messages.js';
export { readMastraTools } from './read-mastra-tools.js';
export type { SearchToolsResult } from './search-tools-tool.js';
export { type PrepareStep, type Shortlist, shortlist } from './shortlist.js';
export type { ShortlistOptions, ShortlistSearchOptions } from './shortlist-options.js';

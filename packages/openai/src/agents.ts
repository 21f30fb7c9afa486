export { shortlistToolSearchTool } from './agents-tool-search.js';
export type { OpenAIToolSearchOptions } from './openai-tool-search.js';

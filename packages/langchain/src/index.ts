export { calledToolNames, messagesToTurns } from './messages-to-turns.js';
export type {
  ShortlistMiddlewareOptions,
  ShortlistToolSearchOptions,
} from './middleware-options.js';
export { type LangChainTool, readLangChainTools } from './read-langchain-tools.js';
export type { ToolSearchArtifact } from './search-tools-tool.js';
export { shortlistToolSearchMiddleware } from './tool-search-middleware.js';
export { shortlistToolSelectorMiddleware } from './tool-selector-middleware.js';

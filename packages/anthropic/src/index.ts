export {
  type AnswerOptions,
  type AnthropicShortlist,
  type AssistantContent,
  anthropicShortlist,
} from './anthropic-shortlist.js';
export type { AnthropicShortlistOptions } from './anthropic-shortlist-options.js';
export type { AnthropicTool } from './anthropic-tool.js';
export {
  type AnthropicMessage,
  anthropicTurns,
  type ToolCall,
  toolCalls,
} from './anthropic-turns.js';
export { MAX_DEFERRED_TOOLS } from './deferred-tools.js';

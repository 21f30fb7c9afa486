export { chatConversation } from './chat-conversation.js';
export type { Conversation } from './conversation-of.js';
export {
  type AnswerOptions,
  type Deferred,
  type OpenAIToolSearch,
  type OpenAIToolSearchOptions,
  openaiToolSearch,
  type ToolSearchOutput,
} from './openai-tool-search.js';
export { type OpenAITools, openaiTools } from './openai-tools.js';
export type { OpenAIToolsOptions } from './openai-tools-options.js';
export { responsesConversation } from './responses-conversation.js';

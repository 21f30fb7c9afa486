export { calledTools, turnsOf } from './conversation-turns.js';
export { readAiSdkTools } from './read-ai-sdk-tools.js';
export {
  type SearchTools,
  type Shortlist,
  type ShortlistConversation,
  shortlist,
} from './shortlist.js';
export type { ShortlistOptions } from './shortlist-options.js';

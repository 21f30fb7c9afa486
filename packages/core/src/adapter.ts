// The adapter's kit: what every framework adapter shares, once (reading native tools, a query
// from a conversation, selections kept stable across turns, search over several needs).
export {
  type ConversationQueryOptions,
  type ConversationTurn,
  conversationQuery,
  lastUserRequest,
  trimText,
} from './conversation/conversation-query.js';
export {
  type AdapterLearningOptions,
  defaultExamples,
} from './conversation/default-examples.js';
export { noToolFits } from './conversation/no-tool-fits.js';
export {
  checkNeeds,
  MAX_NEEDS,
  mergeNeeds,
  type NeedPick,
  type NeedsSearchOptions,
  type NeedsSelection,
  needsSchema,
  searchNeeds,
} from './conversation/search-needs.js';
export {
  type Offer,
  type OfferOptions,
  type SearchOptions,
  type ToolSession,
  type ToolSessionOptions,
  toolSession,
} from './conversation/tool-session.js';
export {
  type NativeToolFields,
  type NativeToolReader,
  readNativeTools,
} from './tools/read-native-tools.js';
export { isCanonicalTool } from './tools/to-tools.js';

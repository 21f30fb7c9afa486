export { overloaded, rateLimited } from './anthropic/anthropic-faults.js';
export {
  type AnthropicRequest,
  type AnthropicServer,
  type ModelTurn,
  type ModelView,
  startAnthropicServer,
} from './anthropic/anthropic-server.js';
export type { WireMessage, WireTool } from './anthropic/loaded-tools.js';
export { type Fault, type FaultQueue, faultQueue, malformed, stalled } from './fault.js';
export {
  type HttpServer,
  type ReceivedRequest,
  type RequestHandler,
  startHttpServer,
} from './http-server.js';
export type { ChatReply } from './openai/chat-completion.js';
export {
  type ChatModel,
  type OpenAIRequest,
  type OpenAIServer,
  type ResponsesModel,
  startOpenAIServer,
} from './openai/openai-server.js';
export { functionCall, message, toolSearchCall } from './openai/responses-items.js';
export type { WireObject, WireRequest } from './openai/wire.js';
export { sendFault, sendHalfJson, sendJson } from './send-json.js';
export { vectorOf } from './vector-of.js';

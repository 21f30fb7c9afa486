export { overloaded, rateLimited } from './anthropic/anthropic-faults.js';
export {
  type AnthropicRequest,
  type AnthropicServer,
  type ModelTurn,
  type ModelView,
  startAnthropicServer,
} from './anthropic/anthropic-server.js';
export type { WireMessage, WireTool } from './anthropic/loaded-tools.js';
export {
  type EmbeddingsFault,
  type EmbeddingsRequest,
  type EmbeddingsServer,
  type EmbeddingsServerOptions,
  startEmbeddingsServer,
} from './embeddings/embeddings-server.js';
export type { EmbeddingsWire, WireItem } from './embeddings/embeddings-wire.js';
export {
  type HFEmbeddingsBody,
  type HFEmbeddingsWire,
  hfEmbeddingsWire,
  type OutputShape,
  tokensOf,
} from './embeddings/hf-embeddings-wire.js';
export {
  type OpenAIEmbeddingsBody,
  openAIEmbeddingsWire,
} from './embeddings/openai-embeddings-wire.js';
export { wordTrigramVector } from './embeddings/word-vectors.js';
export { type Fault, type FaultQueue, faultQueue, malformed, stalled } from './fault.js';
export {
  type HttpServer,
  type ReceivedRequest,
  type RequestHandler,
  startHttpServer,
} from './http-server.js';
export {
  mcpInitialize,
  type RawMcpAnswer,
  type RawMcpRequest,
  sendMcpRequest,
} from './mcp-raw-request.js';
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
export { freePort, startRedisServer, type TestRedisServer } from './redis/redis-server.js';
export { sendFault, sendHalfJson, sendJson } from './send-json.js';
export { tableRows } from './table-rows.js';
export { vectorOf } from './vector-of.js';

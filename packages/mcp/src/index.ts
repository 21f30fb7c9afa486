export { defaultAuthDirectory } from './auth-directory.js';
export type { ResourceAuthorization } from './auth-resource.js';
export {
  type SignInOptions,
  type SignInResult,
  type SignInTarget,
  signInUpstream,
  signOutUpstream,
} from './auth-sign-in.js';
export { defaultCacheDirectory } from './cache-directory.js';
export { checkHttpOptions } from './check-http-options.js';
export { defaultGatewayPipeline, defaultSearchBudget } from './default-pipeline.js';
export { createDownstreamServer } from './downstream-server.js';
export { createGateway, type Gateway, type SearchResult } from './gateway.js';
export type { GatewayOptions } from './gateway-options.js';
export { callToolTool, maxSearchLimit, searchToolsTool } from './gateway-tools.js';
export { type GatewayMode, gatewayModes, type ModeOptions } from './mode-options.js';
export { type HttpGateway, type HttpOptions, serveHttp } from './serve-http.js';
export { serveStdio } from './serve-stdio.js';
export {
  type HttpServerConfig,
  parseServerConfig,
  type ServerConfig,
  type SseServerConfig,
  type StdioServerConfig,
} from './server-config.js';
export { gatewayToolName, maxToolNameLength, toolNameSeparator } from './tool-naming.js';

import { McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * An `McpError` whose message is sent as written: the SDK puts "MCP error <code>: " in front of
 * every message, and the client adds it again, so without this clients read it twice.
 */
export function mcpError(code: number, message: string, data?: unknown): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}

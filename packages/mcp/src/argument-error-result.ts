import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * Bad arguments (to search_tools, to call_tool, or refused by the upstream) come back as a tool
 * result with `isError`, as MCP asks, so the model reads what was wrong and tries again; a call to
 * a tool this server does not serve (its error's data names it) stays a protocol error.
 */
export function argumentErrorResult(error: unknown): CallToolResult {
  const unknownTool = (error as { data?: { unknownTool?: unknown } } | null)?.data?.unknownTool;
  if (error instanceof McpError && error.code === ErrorCode.InvalidParams && !unknownTool) {
    return { content: [{ type: 'text', text: error.message }], isError: true };
  }
  throw error;
}

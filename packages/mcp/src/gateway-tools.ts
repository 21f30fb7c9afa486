import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { MAX_NEEDS, needsSchema } from '@shortlist/core/adapter';

/** Most tools one `search_tools` call may ask for. */
export const maxSearchLimit = 50;

/** The gateway's own search tool: what clients call to find upstream tools. */
export const searchToolsTool: McpTool = {
  name: 'search_tools',
  description:
    "Find the tools that fit a task among every connected MCP server. Returns their names, descriptions and input schemas; call one with call_tool. For a request that needs several tools, pass each need in queries: one search, one answer with tools for every need. Always pass the user's request in their own words in request: once a tool found for it is called, later searches in the user's words find that tool.",
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'The task in plain words, e.g. "open a pull request"' },
      queries: needsSchema(
        `Instead of query: 1 to ${MAX_NEEDS} needs, one tool each, e.g. ["find the customer's email", "send an email"]; each tool found lists in needs the positions in queries (0 first) of the needs it serves`,
      ),
      request: {
        type: 'string',
        description:
          'The user\'s request as they wrote it, e.g. "jot down that the rent is due friday"; not searched, but learnt with the tool you then call',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: maxSearchLimit,
        description: 'Most tools to return (default 5), for each need with queries',
      },
    },
  },
  annotations: { readOnlyHint: true },
};

/** The gateway's proxy: calls any upstream tool by the name `search_tools` gave. */
export const callToolTool: McpTool = {
  name: 'call_tool',
  description:
    'Call a tool found by search_tools, by its exact name, with arguments matching its input schema.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The tool name search_tools returned' },
      arguments: { type: 'object', description: "Arguments matching the tool's input schema" },
    },
    required: ['name'],
  },
};

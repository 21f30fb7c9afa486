import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { checkNeeds, noToolFits } from '@shortlist/core/adapter';
import { argumentErrorResult } from './argument-error-result.js';
import type { Gateway } from './gateway.js';
import { callToolTool, maxSearchLimit, searchToolsTool } from './gateway-tools.js';
import { learningSource } from './learning-source.js';
import { mcpError } from './mcp-error.js';
import { type GatewayMode, type ModeOptions, matchesAllowList } from './mode-options.js';
import { sessionLearning } from './session-learning.js';
import { signInNeeded } from './sign-in-needed.js';

type RequestExtra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];

/**
 * A search's arguments: one query, or a batch of needs (`queries`), and the user's own words
 * (`request`), which a call of a found tool teaches too.
 */
type SearchArguments = (
  | { readonly query: string; readonly limit: number }
  | { readonly queries: readonly string[]; readonly limit: number }
) & { readonly request?: string };

function searchArguments(args: Record<string, unknown> | undefined): SearchArguments {
  const request = args?.request;
  if (request !== undefined && typeof request !== 'string') {
    throw mcpError(
      ErrorCode.InvalidParams,
      'search_tools: "request" must be a string, the user\'s request in their own words (or left out)',
    );
  }
  const said = typeof request === 'string' && request.trim() !== '' ? { request } : {};
  const limit = args?.limit ?? 5;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > maxSearchLimit
  ) {
    throw mcpError(
      ErrorCode.InvalidParams,
      `search_tools: "limit" must be an integer from 1 to ${maxSearchLimit}`,
    );
  }
  if (args?.queries !== undefined) {
    if (args.query !== undefined) {
      throw mcpError(
        ErrorCode.InvalidParams,
        'search_tools: give "query" (one need) or "queries" (several), not both',
      );
    }
    try {
      return { queries: checkNeeds(args.queries, 'search_tools: "queries"'), limit, ...said };
    } catch (error) {
      throw mcpError(ErrorCode.InvalidParams, (error as Error).message);
    }
  }
  const query = args?.query;
  if (typeof query !== 'string' || query.trim() === '') {
    throw mcpError(
      ErrorCode.InvalidParams,
      'search_tools: "query" must be a non-empty string saying what you want to do (or "queries", a list of such strings, one per need)',
    );
  }
  return { query, limit, ...said };
}

/** What `search_tools` tells the model about one tool. */
function describeTool(tool: McpTool) {
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  };
}

/**
 * One MCP server session in front of the gateway. Each downstream connection gets its own,
 * since `dynamic` mode remembers per client which tools it has exposed.
 */
export function createDownstreamServer(gateway: Gateway, options: ModeOptions = {}): Server {
  const mode: GatewayMode = options.mode ?? 'search';
  const cap = options.dynamicLimit ?? 20;
  const server = new Server(
    { name: 'shortlist-gateway', version: '0.0.0' },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        mode === 'filter'
          ? undefined
          : 'Tools from many MCP servers are behind search_tools: search for what you need, then call it with call_tool.',
    },
  );
  /** `dynamic` mode's exposed tools, least recently used first. */
  const exposed = new Map<string, McpTool>();
  const notify = () => server.sendToolListChanged().catch(() => undefined);
  const learning = sessionLearning(gateway);

  const filtered = async (extra: RequestExtra): Promise<McpTool[]> => {
    if (options.filterQuery) {
      await learning.taught();
      const source = learningSource(extra);
      const found = await gateway.search(options.filterQuery, {
        limit: options.filterLimit ?? 20,
        ...(source === undefined ? {} : { source }),
      });
      return [...found.tools];
    }
    return gateway.tools().filter((tool) => matchesAllowList(tool.name, options.allow ?? []));
  };

  const unsubscribe = gateway.onChange(() => {
    if (mode === 'dynamic') {
      for (const [name, tool] of exposed)
        if (gateway.entry(name)?.exposed !== tool) exposed.delete(name);
    }
    if (mode !== 'search') notify();
  });
  server.onclose = () => unsubscribe();

  const proxy = async (
    name: string,
    args: unknown,
    extra: RequestExtra,
  ): Promise<CallToolResult> => {
    const progressToken = extra._meta?.progressToken;
    // Progress forwarded to the client, awaited before the result: sent later, it could follow
    // the result (and over HTTP find the request's stream closed).
    const forwarding: Promise<unknown>[] = [];
    const result = await gateway.call(name, args, {
      signal: extra.signal,
      ...(progressToken === undefined
        ? {}
        : {
            onprogress: (progress) => {
              forwarding.push(
                extra
                  .sendNotification({
                    method: 'notifications/progress',
                    params: { ...progress, progressToken },
                  })
                  .catch(() => undefined),
              );
            },
          }),
    });
    await Promise.all(forwarding);
    learning.called(name, result, learningSource(extra));
    return result;
  };

  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
    if (mode === 'filter') return { tools: await filtered(extra) };
    if (mode === 'dynamic') return { tools: [searchToolsTool, callToolTool, ...exposed.values()] };
    return { tools: [searchToolsTool, callToolTool] };
  });

  const handleCall = async (
    request: CallToolRequest,
    extra: RequestExtra,
  ): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    if (mode !== 'filter' && name === searchToolsTool.name) {
      const searched = searchArguments(args);
      let found: { tools: readonly McpTool[]; totalTokens?: number; nearest?: readonly string[] };
      /** Each tool's needs as positions in `queries`, for a batched search: no text repeated. */
      let needsOf: ((index: number) => readonly number[]) | undefined;
      // Answered with what this session's calls taught, so a request asked again finds its tool.
      await learning.taught();
      const source = learningSource(extra);
      const asker = source === undefined ? {} : { source };
      if ('queries' in searched) {
        const batch = await gateway.searchNeeds(searched.queries, {
          limit: searched.limit,
          signal: extra.signal,
          ...asker,
        });
        learning.offeredForNeeds(
          batch.tools.map(({ tool, needs }) => ({ name: tool.name, needs })),
          searched.request,
        );
        found = { tools: batch.tools.map(({ tool }) => tool), totalTokens: batch.totalTokens };
        const position = new Map<string, number>();
        searched.queries.forEach((query, i) => {
          if (!position.has(query)) position.set(query, i);
        });
        needsOf = (index) => batch.tools[index]!.needs.map((need) => position.get(need)!);
      } else {
        found = await gateway.search(searched.query, {
          limit: searched.limit,
          signal: extra.signal,
          ...asker,
        });
        learning.offered(searched.query, found.tools, searched.request);
      }
      if (mode === 'dynamic' && found.tools.length) {
        let changed = false;
        for (const tool of found.tools) {
          if (exposed.get(tool.name) !== tool) changed = true;
          exposed.delete(tool.name);
          exposed.set(tool.name, tool);
        }
        for (const oldest of exposed.keys()) {
          if (exposed.size <= cap) break;
          exposed.delete(oldest);
          changed = true;
        }
        if (changed) notify();
      }
      const connecting = gateway.connecting();
      const signIn = signInNeeded(gateway);
      const answer = {
        tools: found.tools.map((tool, index) =>
          needsOf ? { ...describeTool(tool), needs: needsOf(index) } : describeTool(tool),
        ),
        ...(found.totalTokens === undefined ? {} : { totalTokens: found.totalTokens }),
        // Servers whose tools are not searchable yet: searching again later may find more.
        ...(connecting.length ? { connecting } : {}),
        ...(signIn ? { needsSignIn: signIn } : {}),
        ...(found.tools.length === 0
          ? {
              message: noToolFits(found.nearest),
            }
          : {}),
      };
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    }
    if (mode !== 'filter' && name === callToolTool.name) {
      const target = args?.name;
      if (typeof target !== 'string') {
        throw mcpError(
          ErrorCode.InvalidParams,
          'call_tool: "name" must be the name of a tool search_tools returned',
        );
      }
      return proxy(target, args?.arguments ?? {}, extra);
    }
    if (mode === 'dynamic') {
      const tool = exposed.get(name);
      if (tool) {
        exposed.delete(name);
        exposed.set(name, tool);
        return proxy(name, args ?? {}, extra);
      }
    }
    if (mode === 'filter' && (await filtered(extra)).some((tool) => tool.name === name)) {
      if (options.filterQuery) learning.offered(options.filterQuery, [{ name }]);
      return proxy(name, args ?? {}, extra);
    }
    throw mcpError(
      ErrorCode.InvalidParams,
      mode === 'filter'
        ? `unknown tool "${name}"; this gateway serves only the tools in tools/list`
        : `unknown tool "${name}"; call search_tools to find tools, then call_tool to call one`,
      { unknownTool: name },
    );
  };
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    handleCall(request, extra).catch(argumentErrorResult),
  );
  return server;
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool definition as it arrived on the wire. */
export interface WireTool {
  readonly name: string;
  readonly defer_loading?: boolean;
  readonly [key: string]: unknown;
}

type Block = { type: string; [key: string]: unknown };
type WireMessage = { role: string; content: string | Block[] };

/** What the scripted model sees: only the tools loaded for it, as the real API would show them. */
export interface ModelView {
  readonly messages: readonly WireMessage[];
  /** Tools in the model's context: every non-deferred tool plus deferred ones a tool_reference loaded. */
  readonly loaded: readonly WireTool[];
}

/** What the scripted model says: text, or tool calls (the server gives them ids). */
export type ModelTurn = (
  | { type: 'text'; text: string }
  | { type: 'tool_use'; name: string; input: Record<string, unknown> }
)[];

/** One request the server answered (or refused), as recorded for assertions. */
export interface RecordedRequest {
  readonly status: number;
  /** Names in the request's `tools`, in order. */
  readonly tools: readonly string[];
  readonly deferred: readonly string[];
  readonly loaded: readonly string[];
  readonly toolDefinitions: readonly WireTool[];
  readonly retryCount: string | undefined;
  readonly error?: string;
}

/** A canned failure answered instead of the next request. */
export interface Fault {
  /** 0 with `stall`: the server reads the request and never answers it. */
  readonly status: number;
  readonly stall?: boolean;
  readonly headers?: Record<string, string>;
  readonly body: unknown;
}

export interface AnthropicTestServer {
  /** Base URL for the SDK (`baseURL`); the SDK appends /v1/messages. */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  /** Queues failures; each request consumes one before the model answers. */
  fail(...faults: Fault[]): void;
  close(): Promise<void>;
}

/** A 429 as the API sends it, asking the client to wait `seconds`. */
export const rateLimited = (seconds: number): Fault => ({
  status: 429,
  headers: { 'retry-after': String(seconds) },
  body: {
    type: 'error',
    error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' },
  },
});

/** A request the server never answers, so the client's timeout must fire. */
export const stalled: Fault = { status: 0, stall: true, body: undefined };

/** The API's 529 when it is overloaded. */
export const overloaded: Fault = {
  status: 529,
  body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
};

class RequestError extends Error {
  constructor(
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
  }
}

const blocksOf = (message: WireMessage): Block[] =>
  typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;

/**
 * Replays the conversation as the API does: checks tool_use/tool_result pairing, that every
 * tool_reference names a tool of the request, and that no deferred tool is called before a
 * tool_reference loaded it. Returns the names loaded at the end.
 */
function loadedTools(tools: readonly WireTool[], messages: readonly WireMessage[]): Set<string> {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (byName.size !== tools.length)
    throw new RequestError('tools: tool names must be unique', 'tool_name_conflict');
  if (tools.length > 0 && tools.every((tool) => tool.defer_loading === true)) {
    throw new RequestError('tools: at least one tool must not have defer_loading');
  }
  const loaded = new Set(
    tools.filter((tool) => tool.defer_loading !== true).map((tool) => tool.name),
  );
  let pending: string[] = [];
  messages.forEach((message, i) => {
    const blocks = blocksOf(message);
    if (message.role === 'user') {
      const answered = new Set(
        blocks.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id),
      );
      const missing = pending.filter((id) => !answered.has(id));
      if (missing.length > 0) {
        throw new RequestError(
          `messages.${i}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`,
        );
      }
      pending = [];
      for (const block of blocks) {
        if (block.type !== 'tool_result' || !Array.isArray(block.content)) continue;
        for (const part of block.content as Block[]) {
          if (part.type !== 'tool_reference') continue;
          const name = part.tool_name as string;
          if (!byName.has(name)) {
            throw new RequestError(
              `messages.${i}: tool_reference "${name}" does not name a tool in tools`,
              'tool_reference_unresolved',
            );
          }
          loaded.add(name);
        }
      }
    } else if (message.role === 'assistant') {
      for (const block of blocks) {
        if (block.type !== 'tool_use') continue;
        const name = block.name as string;
        if (byName.get(name)?.defer_loading === true && !loaded.has(name)) {
          throw new RequestError(
            `messages.${i}: tool_use of deferred tool "${name}" before a tool_reference loaded it`,
          );
        }
        pending.push(block.id as string);
      }
    }
  });
  if (pending.length > 0)
    throw new RequestError('messages: the last assistant tool_use has no tool_result');
  return loaded;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Date.now()}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const invalid = (message: string, errorCode?: string) => ({
  type: 'error',
  error: {
    type: 'invalid_request_error',
    message,
    ...(errorCode ? { details: { error_code: errorCode } } : {}),
  },
});

/**
 * Starts an HTTP server on 127.0.0.1 that speaks the Messages API (non-streaming) and answers
 * with `model`, a scripted model that sees only the loaded tools.
 */
export async function startAnthropicServer(
  model: (view: ModelView) => ModelTurn,
): Promise<AnthropicTestServer> {
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  let ids = 0;
  const server = createServer(async (req, res) => {
    const retryCount = req.headers['x-stainless-retry-count'] as string | undefined;
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages') {
      send(res, 404, {
        type: 'error',
        error: { type: 'not_found_error', message: `no route ${req.url}` },
      });
      return;
    }
    const text = await readBody(req);
    // SDK 1.x sends its apiKey as `Authorization: Bearer`; older clients send `x-api-key`.
    const key = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
    if (!key || !req.headers['anthropic-version']) {
      send(res, 401, {
        type: 'error',
        error: {
          type: 'authentication_error',
          message: 'missing API key or anthropic-version header',
        },
      });
      return;
    }
    let body: {
      model?: unknown;
      max_tokens?: unknown;
      messages?: WireMessage[];
      tools?: WireTool[];
    };
    try {
      body = JSON.parse(text);
    } catch {
      send(res, 400, invalid('request body is not valid JSON'));
      return;
    }
    const tools = body.tools ?? [];
    const record = (status: number, loaded: Set<string>, error?: string) =>
      requests.push({
        status,
        tools: tools.map((tool) => tool.name),
        deferred: tools.filter((tool) => tool.defer_loading === true).map((tool) => tool.name),
        loaded: [...loaded],
        toolDefinitions: tools,
        retryCount,
        ...(error ? { error } : {}),
      });
    const fault = faults.shift();
    if (fault?.stall) {
      record(0, new Set());
      return;
    }
    if (fault) {
      record(fault.status, new Set());
      send(res, fault.status, fault.body, fault.headers);
      return;
    }
    try {
      if (
        typeof body.model !== 'string' ||
        typeof body.max_tokens !== 'number' ||
        !Array.isArray(body.messages)
      ) {
        throw new RequestError('model, max_tokens and messages are required');
      }
      const loaded = loadedTools(tools, body.messages);
      const turn = model({
        messages: body.messages,
        loaded: tools.filter((tool) => loaded.has(tool.name)),
      });
      record(200, loaded);
      const content = turn.map((block) =>
        block.type === 'text'
          ? { type: 'text', text: block.text, citations: null }
          : {
              type: 'tool_use',
              id: `toolu_${++ids}`,
              name: block.name,
              input: block.input,
              caller: { type: 'direct' },
            },
      );
      send(res, 200, {
        id: `msg_${++ids}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content,
        stop_reason: content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: {
          input_tokens: 10,
          output_tokens: 10,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      record(400, new Set(), message);
      send(res, 400, invalid(message, error instanceof RequestError ? error.errorCode : undefined));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    fail: (...more) => {
      faults.push(...more);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

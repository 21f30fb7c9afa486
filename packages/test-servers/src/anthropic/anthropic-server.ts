import type { ServerResponse } from 'node:http';
import { type Fault, faultQueue } from '../fault.js';
import { startHttpServer } from '../http-server.js';
import { sendFault, sendJson } from '../send-json.js';
import { loadedTools, RequestError, type WireMessage, type WireTool } from './loaded-tools.js';

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
export interface AnthropicRequest {
  readonly status: number;
  /** Names in the request's `tools`, in order. */
  readonly tools: readonly string[];
  readonly deferred: readonly string[];
  readonly loaded: readonly string[];
  readonly toolDefinitions: readonly WireTool[];
  readonly retryCount: string | undefined;
  readonly error?: string;
}

export interface AnthropicServer {
  /** Base URL for the SDK (`baseURL`); the SDK appends /v1/messages. */
  readonly baseURL: string;
  readonly requests: AnthropicRequest[];
  /** Queues failures; each request consumes one before the model answers. */
  fail(...faults: Fault[]): void;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) =>
  sendJson(res, status, body, { 'request-id': `req_${Date.now()}` });

const apiError = (type: string, message: string, errorCode?: string) => ({
  type: 'error',
  error: { type, message, ...(errorCode ? { details: { error_code: errorCode } } : {}) },
});

/**
 * Starts an HTTP server on 127.0.0.1 that speaks the Messages API (non-streaming) and answers
 * with `model`, a scripted model that sees only the loaded tools, refusing what the API refuses.
 */
export async function startAnthropicServer(
  model: (view: ModelView) => ModelTurn,
): Promise<AnthropicServer> {
  const requests: AnthropicRequest[] = [];
  const faults = faultQueue();
  let ids = 0;
  const http = await startHttpServer((received, res) => {
    if (received.method !== 'POST' || received.path !== '/v1/messages') {
      send(res, 404, apiError('not_found_error', `no route ${received.path}`));
      return;
    }
    const { headers } = received;
    // SDK 1.x sends its apiKey as `Authorization: Bearer`; older clients send `x-api-key`.
    const key = headers['x-api-key'] ?? headers.authorization?.replace(/^Bearer /, '');
    if (!key || !headers['anthropic-version']) {
      const message = 'missing API key or anthropic-version header';
      send(res, 401, apiError('authentication_error', message));
      return;
    }
    let body: {
      model?: unknown;
      max_tokens?: unknown;
      messages?: WireMessage[];
      tools?: WireTool[];
    };
    try {
      body = JSON.parse(received.text);
    } catch {
      send(res, 400, apiError('invalid_request_error', 'request body is not valid JSON'));
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
        retryCount: received.retryCount,
        ...(error ? { error } : {}),
      });
    const fault = faults.next();
    if (fault) {
      record(fault.status, new Set());
      sendFault(res, fault, apiError('api_error', `scripted ${fault.status}`));
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
      const code = error instanceof RequestError ? error.errorCode : undefined;
      record(400, new Set(), message);
      send(res, 400, apiError('invalid_request_error', message, code));
    }
  });
  return {
    baseURL: http.origin,
    requests,
    fail: (...more) => faults.push(...more),
    close: () => http.close(),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON object as the wire carried it; tests narrow what they read. */
export type WireObject = { [key: string]: unknown };

/** A request body of either API, with the fields the tests read. */
export interface WireRequest extends WireObject {
  model?: string;
  tools?: WireObject[];
  input?: string | WireObject[];
  messages?: WireObject[];
}

/** A request the server answered or refused, as the SDK sent it. */
export interface RecordedRequest {
  readonly path: string;
  readonly body: WireRequest;
  /** The SDK's retry counter header: '0' on a first attempt. */
  readonly retryCount: string | undefined;
}

/** A scripted failure the next request gets instead of an answer. */
export interface Fault {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

/** The scripted model: reads a request body, returns Responses output items. */
export type ResponsesModel = (body: WireRequest) => WireObject[];
/** The scripted model for Chat Completions: returns the assistant message. */
export type ChatModel = (body: WireRequest) => WireObject;

export interface ModelServer {
  /** Base URL to give the SDK, ending in /v1. */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  responses: ResponsesModel;
  chat: ChatModel;
  /** Queues failures; each request consumes one before the model answers again. */
  fail(...faults: Fault[]): void;
  close(): Promise<void>;
}

let ids = 0;
const nextId = (prefix: string) => `${prefix}_${(++ids).toString(36)}`;

/** A Responses assistant message item. */
export const message = (text: string) => ({
  type: 'message',
  id: nextId('msg'),
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

/** A Responses function call item. */
export const functionCall = (name: string, args: unknown = {}) => ({
  type: 'function_call',
  id: nextId('fc'),
  call_id: nextId('call'),
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});

/** A client-executed tool search call, as the model writes it. */
export const toolSearchCall = (args: unknown) => ({
  type: 'tool_search_call',
  id: nextId('tsc'),
  call_id: nextId('call'),
  arguments: args,
  execution: 'client',
  status: 'completed',
});

const usage = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 5,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 15,
};

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

function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const apiError = (message: string) => ({
  error: { message, type: 'invalid_request_error', param: null, code: null },
});

/**
 * What the real API refuses: an output item answering a call id the input never made. Returns
 * the error message, or undefined when the input is consistent.
 */
function checkInput(input: unknown): string | undefined {
  if (!Array.isArray(input)) return undefined;
  const calls = new Set<string>();
  for (const item of input as WireObject[]) {
    const callId = typeof item?.call_id === 'string' ? item.call_id : undefined;
    if ((item?.type === 'function_call' || item?.type === 'tool_search_call') && callId) {
      calls.add(callId);
    }
    if (
      (item?.type === 'function_call_output' || item?.type === 'tool_search_output') &&
      callId &&
      !calls.has(callId)
    ) {
      return `No tool call found for ${item.type} with call_id ${item.call_id}.`;
    }
  }
  return undefined;
}

/**
 * A local server speaking the OpenAI Responses and Chat Completions wire formats (non-streaming
 * JSON), answering as a scripted model and recording every request's tool definitions.
 */
export async function startModelServer(): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const state: { responses: ResponsesModel; chat: ChatModel } = {
    responses: () => [message('no script')],
    chat: () => ({ role: 'assistant', content: 'no script' }),
  };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: WireRequest;
    try {
      body = JSON.parse(raw);
    } catch {
      send(res, 400, apiError('We could not parse the JSON body of your request.'));
      return;
    }
    const path = (req.url ?? '').split('?')[0]!;
    const retry = req.headers['x-stainless-retry-count'];
    requests.push({ path, body, retryCount: Array.isArray(retry) ? retry[0] : retry });
    const fault = faults.shift();
    if (fault) {
      send(res, fault.status, fault.body ?? apiError(`scripted ${fault.status}`), fault.headers);
      return;
    }
    try {
      if (req.method === 'POST' && path === '/v1/responses') {
        const refused = checkInput(body.input);
        if (refused) {
          send(res, 400, apiError(refused));
          return;
        }
        const output = state.responses(body);
        send(res, 200, {
          id: nextId('resp'),
          object: 'response',
          created_at: 1_700_000_000,
          status: 'completed',
          model: body.model,
          output,
          error: null,
          incomplete_details: null,
          instructions: null,
          parallel_tool_calls: true,
          tool_choice: 'auto',
          tools: body.tools ?? [],
          usage,
        });
        return;
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const answer = state.chat(body);
        send(res, 200, {
          id: nextId('chatcmpl'),
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: answer.tool_calls ? 'tool_calls' : 'stop',
              message: { content: null, refusal: null, ...answer },
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        });
        return;
      }
      send(res, 404, apiError(`no route ${req.method} ${path}`));
    } catch (error) {
      send(res, 500, apiError(`scripted model failed: ${(error as Error).message}`));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get responses() {
      return state.responses;
    },
    set responses(model) {
      state.responses = model;
    },
    get chat() {
      return state.chat;
    },
    set chat(model) {
      state.chat = model;
    },
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

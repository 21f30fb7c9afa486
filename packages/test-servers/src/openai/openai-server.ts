import { type Fault, faultQueue } from '../fault.js';
import { startHttpServer } from '../http-server.js';
import { sendFault, sendJson } from '../send-json.js';
import { type ChatReply, chatCompletion } from './chat-completion.js';
import { chatCompletionChunks, sendEvents } from './chat-completion-stream.js';
import { checkResponsesInput } from './responses-input-check.js';
import { message, nextId } from './responses-items.js';
import { apiError, type WireObject, type WireRequest } from './wire.js';

/** A request the server answered or refused, as the SDK sent it. */
export interface OpenAIRequest {
  readonly path: string;
  readonly body: WireRequest;
  /** Names of the function tools the request carried, in order (either API's shape). */
  readonly toolNames: string[];
  /** The SDK's retry counter header: '0' on a first attempt. */
  readonly retryCount: string | undefined;
  readonly receivedAt: number;
  /** The status the server answered with (0 for a stall). */
  status: number;
}

/** The scripted Responses model: reads a request body, returns output items. */
export type ResponsesModel = (body: WireRequest) => WireObject[];
/** The scripted Chat Completions model; `index` counts requests since the last reset. */
export type ChatModel = (request: OpenAIRequest, index: number) => ChatReply;

export interface OpenAIServer {
  /** Base URL to give the SDK, ending in /v1. */
  readonly baseURL: string;
  readonly requests: OpenAIRequest[];
  responses: ResponsesModel;
  chat: ChatModel;
  /** Replaces the chat model and forgets the requests recorded so far. */
  script(chat: ChatModel): void;
  /** Queues failures; each request consumes one before the model answers again. */
  fail(...faults: Fault[]): void;
  /** Forgets recorded requests and unused faults, between tests. */
  reset(): void;
  close(): Promise<void>;
}

const usage = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 5,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 15,
};

const toolName = (tool: WireObject): string =>
  ((tool.function as WireObject | undefined)?.name ?? tool.name ?? '') as string;

const responseBody = (body: WireRequest, output: WireObject[]) => ({
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

/**
 * A local server speaking OpenAI's `POST /v1/responses` (JSON) and `POST /v1/chat/completions`
 * (JSON, or server-sent events for `stream: true`), answering as a scripted model and recording
 * every request.
 */
export async function startOpenAIServer(
  models: { chat?: ChatModel; responses?: ResponsesModel } = {},
): Promise<OpenAIServer> {
  const requests: OpenAIRequest[] = [];
  const faults = faultQueue();
  const state = {
    responses: models.responses ?? (() => [message('no script')]),
    chat: models.chat ?? ((): ChatReply => ({ text: 'no script' })),
  };
  const http = await startHttpServer((received, res) => {
    let body: WireRequest;
    try {
      body = JSON.parse(received.text);
    } catch {
      sendJson(res, 400, apiError('We could not parse the JSON body of your request.'));
      return;
    }
    const request: OpenAIRequest = {
      path: received.path,
      body,
      toolNames: (body.tools ?? []).map(toolName),
      retryCount: received.retryCount,
      receivedAt: received.receivedAt,
      status: 200,
    };
    requests.push(request);
    const answer = (status: number, reply: unknown) => {
      request.status = status;
      sendJson(res, status, reply);
    };
    const fail = (fault: Fault) => {
      request.status = fault.status;
      sendFault(res, fault, apiError(`scripted ${fault.status}`, 'server_error'));
    };
    const fault = faults.next();
    if (fault) return fail(fault);
    try {
      if (received.method === 'POST' && received.path === '/v1/responses') {
        const refused = checkResponsesInput(body.input);
        if (refused) return answer(400, apiError(refused));
        return answer(200, responseBody(body, state.responses(body)));
      }
      if (received.method === 'POST' && received.path === '/v1/chat/completions') {
        const reply = state.chat(request, requests.length - 1);
        if ('status' in reply) return fail(reply);
        const completion = chatCompletion(reply, body.model);
        if (body.stream === true) return sendEvents(res, chatCompletionChunks(completion));
        return answer(200, completion);
      }
      answer(404, apiError(`no route ${received.method} ${received.path}`));
    } catch (error) {
      answer(500, apiError(`scripted model failed: ${(error as Error).message}`, 'server_error'));
    }
  });
  return {
    baseURL: `${http.origin}/v1`,
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
    script(chat) {
      state.chat = chat;
      requests.length = 0;
    },
    fail: (...more) => faults.push(...more),
    reset: () => {
      requests.length = 0;
      faults.clear();
    },
    close: () => http.close(),
  };
}

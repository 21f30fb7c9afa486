import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Chat Completions request as the server received it. */
export interface ChatRequest {
  readonly body: {
    model: string;
    messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: {
      type: string;
      function: { name: string; description?: string; parameters?: unknown };
    }[];
    stream?: boolean;
  };
  /** Names of the tool definitions the request carried, in order. */
  readonly toolNames: string[];
  readonly retryCount: string | undefined;
  readonly receivedAt: number;
}

/** What the scripted model answers to one request. */
export type ChatReply =
  | { readonly text: string }
  | { readonly toolCalls: readonly { name: string; args: unknown }[] }
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown };

/** The model: decides each answer from the request, as a real model would from its prompt. */
export type ChatScript = (request: ChatRequest, index: number) => ChatReply;

export interface ChatServer {
  /** Base URL for the OpenAI SDK, ending in /v1. */
  readonly baseURL: string;
  readonly requests: ChatRequest[];
  /** Replaces the model; requests recorded so far are forgotten. */
  script(script: ChatScript): void;
  close(): Promise<void>;
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

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * A real HTTP server on 127.0.0.1 speaking OpenAI's `POST /v1/chat/completions` (non-streaming
 * JSON), answering as the script decides: text, tool calls, or an HTTP error.
 */
export async function startChatServer(): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  let script: ChatScript = () => ({ text: 'no script' });
  let calls = 0;
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
      return;
    }
    const body = JSON.parse(raw) as ChatRequest['body'];
    const request: ChatRequest = {
      body,
      toolNames: (body.tools ?? []).map((tool) => tool.function.name),
      retryCount: req.headers['x-stainless-retry-count'] as string | undefined,
      receivedAt: Date.now(),
    };
    requests.push(request);
    let reply: ChatReply;
    try {
      reply = script(request, requests.length - 1);
    } catch (error) {
      sendJson(res, 500, { error: { message: `script failed: ${(error as Error).message}` } });
      return;
    }
    if ('status' in reply) {
      sendJson(
        res,
        reply.status,
        reply.body ?? { error: { message: 'scripted', type: 'server_error' } },
        reply.headers,
      );
      return;
    }
    calls++;
    const message =
      'text' in reply
        ? { role: 'assistant', content: reply.text }
        : {
            role: 'assistant',
            content: null,
            tool_calls: reply.toolCalls.map((call, i) => ({
              id: `call_${calls}_${i}`,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.args) },
            })),
          };
    sendJson(res, 200, {
      id: `chatcmpl-${calls}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body.model,
      choices: [
        {
          index: 0,
          message,
          logprobs: null,
          finish_reason: 'text' in reply ? 'stop' : 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      script = next;
      requests.length = 0;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The text of the last message of a role in a request, e.g. the last tool result. */
export function lastContent(request: ChatRequest, role: string): string {
  const message = [...request.body.messages].reverse().find((m) => m.role === role);
  if (message === undefined) return '';
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) {
    return message.content
      .map((part: { text?: string }) => (typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  return '';
}

interface JsonSchemaLike {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchemaLike>;
  required?: string[];
}

/** Minimal valid arguments for an offered tool, read from its definition as a model would. */
export function argsFor(request: ChatRequest, name: string): Record<string, unknown> {
  const definition = request.body.tools?.find((tool) => tool.function.name === name);
  if (definition === undefined) throw new Error(`${name} was not offered`);
  const schema = (definition.function.parameters ?? {}) as JsonSchemaLike;
  const sample = (property: JsonSchemaLike): unknown => {
    if (property.enum !== undefined) return property.enum[0];
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    if (type === 'number' || type === 'integer') return 1;
    if (type === 'boolean') return true;
    if (type === 'array') return [];
    if (type === 'object') return {};
    return 'x';
  };
  const args: Record<string, unknown> = {};
  for (const key of schema.required ?? []) args[key] = sample(schema.properties?.[key] ?? {});
  return args;
}

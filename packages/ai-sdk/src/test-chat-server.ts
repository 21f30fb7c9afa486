import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Chat Completions request as the scripted model saw it. */
export interface ChatRequest {
  readonly messages: readonly {
    role: string;
    content?: unknown;
    tool_calls?: { function: { name: string; arguments: string } }[];
  }[];
  /** Names of the tool definitions the request carried, in order. */
  readonly tools: readonly string[];
}

/** What the scripted model answers: text, tool calls, or an HTTP failure to inject. */
export type ChatReply =
  | { readonly text: string }
  | { readonly call: readonly { name: string; input: unknown }[] }
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: string };

export interface ChatServer {
  readonly baseURL: string;
  readonly requests: ChatRequest[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
};

/**
 * A local server speaking OpenAI Chat Completions (non-streaming), answering like a model from a
 * script: the only scripted thing is the model's replies.
 */
export async function startChatServer(
  script: (request: ChatRequest, index: number) => ChatReply,
): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  let calls = 0;
  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    const request: ChatRequest = {
      messages: body.messages,
      tools: (body.tools ?? []).map((tool: { function: { name: string } }) => tool.function.name),
    };
    const reply = script(request, calls++);
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? JSON.stringify({ error: { message: 'scripted failure' } }));
      return;
    }
    requests.push(request);
    const message =
      'text' in reply
        ? { role: 'assistant', content: reply.text }
        : {
            role: 'assistant',
            content: null,
            tool_calls: reply.call.map((call, i) => ({
              id: `call_${calls}_${i}`,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.input) },
            })),
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${calls}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [
          {
            index: 0,
            message,
            finish_reason: 'text' in reply ? 'stop' : 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import type { ServerResponse } from 'node:http';
import type { WireObject } from './wire.js';

/**
 * A `chat.completion` body as the `chat.completion.chunk` events a `stream: true` request gets:
 * the role, the text or each tool call whole, the finish reason, then usage with no choices.
 */
export function chatCompletionChunks(completion: WireObject): WireObject[] {
  const choice = (completion.choices as WireObject[])[0]!;
  const message = choice.message as WireObject;
  const chunk = (delta: WireObject, finish: unknown = null): WireObject => ({
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const chunks = [chunk({ role: 'assistant', content: '' })];
  if (typeof message.content === 'string' && message.content !== '') {
    chunks.push(chunk({ content: message.content }));
  }
  const calls = (message.tool_calls ?? []) as WireObject[];
  for (const [index, call] of calls.entries())
    chunks.push(chunk({ tool_calls: [{ index, ...call }] }));
  chunks.push(chunk({}, choice.finish_reason));
  chunks.push({ ...chunk({}), choices: [], usage: completion.usage });
  return chunks;
}

/** Sends events as server-sent events, ending with `data: [DONE]`, as the API streams. */
export function sendEvents(res: ServerResponse, events: readonly WireObject[]): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  res.end('data: [DONE]\n\n');
}

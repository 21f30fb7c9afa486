import type { Fault } from '../fault.js';
import type { WireObject } from './wire.js';

/** What the scripted chat model answers: text, tool calls, a raw assistant message, or a fault. */
export type ChatReply =
  | { readonly text: string }
  | { readonly toolCalls: readonly { name: string; args: unknown }[] }
  | { readonly message: WireObject }
  | Fault;

let completions = 0;

/** The assistant message a reply stands for; the server gives tool calls their ids. */
function assistantMessage(reply: Exclude<ChatReply, Fault>, at: number): WireObject {
  if ('message' in reply) return { content: null, refusal: null, ...reply.message };
  if ('text' in reply) return { role: 'assistant', content: reply.text, refusal: null };
  return {
    role: 'assistant',
    content: null,
    refusal: null,
    tool_calls: reply.toolCalls.map((call, i) => ({
      id: `call_${at}_${i}`,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    })),
  };
}

/** A non-streaming `chat.completion` body for a reply. */
export function chatCompletion(reply: Exclude<ChatReply, Fault>, model: unknown): WireObject {
  const at = ++completions;
  const message = assistantMessage(reply, at);
  return {
    id: `chatcmpl-${at}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

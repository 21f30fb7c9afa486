import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { maxUpstreamMessageBytes, oversizedMessage } from './tool-limits.js';

/** The JSON-RPC request one POST carries (the SDK sends one message a POST). */
interface Sent {
  readonly id: string | number;
  readonly method: string;
  readonly tool?: string;
}

function sentRequest(body: unknown): Sent | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const message = JSON.parse(body) as {
      id?: unknown;
      method?: unknown;
      params?: { name?: unknown };
    };
    if (typeof message.id !== 'string' && typeof message.id !== 'number') return undefined;
    if (typeof message.method !== 'string') return undefined;
    const tool = typeof message.params?.name === 'string' ? message.params.name : undefined;
    return { id: message.id, method: message.method, ...(tool === undefined ? {} : { tool }) };
  } catch {
    return undefined;
  }
}

/**
 * The answer the gateway gives in place of an oversized one: a tool call gets an `isError`
 * result naming the cap, as a model reads; any other request a JSON-RPC error saying the same.
 */
function replacement(server: string, sent: Sent): string {
  const message = `upstream "${server}" ${oversizedMessage(sent.method, sent.tool)}`;
  return JSON.stringify(
    sent.method === 'tools/call'
      ? {
          jsonrpc: '2.0',
          id: sent.id,
          result: { content: [{ type: 'text', text: message }], isError: true },
        }
      : { jsonrpc: '2.0', id: sent.id, error: { code: ErrorCode.InternalError, message } },
  );
}

const encoder = new TextEncoder();

/** A JSON body read whole (as the SDK reads it), or the replacement once it passes the cap. */
function cappedWhole(
  source: ReadableStream<Uint8Array>,
  overflow: () => string | Error,
  cap: number,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const reader = source.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > cap) {
            chunks.length = 0;
            await reader.cancel().catch(() => undefined);
            const answer = overflow();
            if (answer instanceof Error) controller.error(answer);
            else {
              controller.enqueue(encoder.encode(answer));
              controller.close();
            }
            return;
          }
          chunks.push(value);
        }
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/** The position just past the last blank line (an SSE event's end) at or after `from`, or -1. */
function lastEventEnd(text: string, from: number): number {
  let end = -1;
  for (const boundary of ['\n\n', '\r\n\r\n', '\r\r']) {
    for (let at = text.indexOf(boundary, from); at !== -1; at = text.indexOf(boundary, at + 1)) {
      end = Math.max(end, at + boundary.length);
    }
  }
  return end;
}

/** An event stream passed on event by event; an event over the cap ends it with the replacement. */
function cappedEvents(
  source: ReadableStream<Uint8Array>,
  overflow: () => string | Error,
  cap: number,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const decoder = new TextDecoder();
  /** Text of the event in progress, in pieces (joined once, when it ends: no quadratic copying). */
  let pending: string[] = [];
  let tail = '';
  let pendingBytes = 0;
  return new ReadableStream<Uint8Array>({
    // Reads until something is passed on: a pull that enqueues nothing is not called again.
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            pending.push(decoder.decode());
            const rest = pending.join('');
            if (rest) controller.enqueue(encoder.encode(rest));
            controller.close();
            return;
          }
          const text = decoder.decode(value, { stream: true });
          pendingBytes += value.byteLength;
          // A boundary may straddle chunks: scan the last characters before this one too (one
          // ending at or before this chunk's start was passed on with the last).
          const end = lastEventEnd(tail + text, 0) - tail.length;
          if (end > 0) {
            pending.push(text.slice(0, end));
            controller.enqueue(encoder.encode(pending.join('')));
            const rest = text.slice(end);
            pending = [rest];
            pendingBytes = Buffer.byteLength(rest);
          } else {
            pending.push(text);
          }
          tail = (tail + text).slice(-3);
          if (pendingBytes > cap) {
            pending = [];
            await reader.cancel().catch(() => undefined);
            const answer = overflow();
            if (answer instanceof Error) controller.error(answer);
            else {
              controller.enqueue(encoder.encode(`event: message\ndata: ${answer}\n\n`));
              controller.close();
            }
            return;
          }
          if (end > 0) return;
        }
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * A fetch for an HTTP upstream that reads no message over `cap` bytes: an oversized answer to a
 * request becomes an answer naming the cap; an oversized message on a stream with no request
 * (the standalone GET stream) ends that stream with an error.
 */
export function cappedFetch(
  server: string,
  base: FetchLike = fetch,
  cap = maxUpstreamMessageBytes,
): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body) return response;
    const sent = sentRequest(init?.body);
    const overflow = () =>
      sent
        ? replacement(server, sent)
        : new Error(`upstream "${server}" ${oversizedMessage('its notification stream')}`);
    const stream = (response.headers.get('content-type') ?? '').includes('text/event-stream')
      ? cappedEvents(response.body, overflow, cap)
      : cappedWhole(response.body, overflow, cap);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(stream, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

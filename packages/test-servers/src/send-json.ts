import type { ServerResponse } from 'node:http';
import type { Fault } from './fault.js';

/** Replies with a JSON body and its exact length, as the real APIs do. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Answers with a fault: nothing for a stall, raw text, or JSON (`fallback` when it has no body). */
export function sendFault(res: ServerResponse, fault: Fault, fallback: unknown): void {
  if (fault.stall) return;
  if (fault.raw !== undefined) {
    res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
    res.end(fault.raw);
    return;
  }
  sendJson(res, fault.status, fault.body ?? fallback, fault.headers);
}

/**
 * Announces the whole JSON body's length but sends only its first half; `then: 'drop'` cuts the
 * connection soon after, `'stall'` leaves it open so the client's timeout must fire.
 */
export function sendHalfJson(res: ServerResponse, body: unknown, then: 'drop' | 'stall'): void {
  const text = JSON.stringify(body);
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.write(text.slice(0, Math.floor(text.length / 2)));
  if (then === 'drop') setTimeout(() => res.destroy(), 10);
}

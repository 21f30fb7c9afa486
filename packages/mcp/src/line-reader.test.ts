import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { LineReader } from './line-reader.js';

const messages: JSONRPCMessage[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
  {
    jsonrpc: '2.0',
    id: 2,
    result: {
      tools: [
        {
          name: 'météo_☀',
          description: 'Wetter 🌦️ 天気 — ünïcödé',
          inputSchema: { type: 'object' },
        },
      ],
    },
  },
];
const wire = Buffer.from(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));

/** Feeds `chunks` to a reader and collects every message it frames, errors as strings. */
function read(
  reader: { append(chunk: Buffer): void; readMessage(): JSONRPCMessage | null },
  chunks: Buffer[],
) {
  const out: (JSONRPCMessage | string)[] = [];
  for (const chunk of chunks) {
    reader.append(chunk);
    for (;;) {
      try {
        const message = reader.readMessage();
        if (message === null) break;
        out.push(message);
      } catch (error) {
        out.push(`error: ${(error as Error).name}`);
      }
    }
  }
  return out;
}

describe('LineReader', () => {
  it('frames messages split at every byte, inside multi-byte characters too', () => {
    for (let cut = 1; cut < wire.length; cut++) {
      const chunks = [wire.subarray(0, cut), wire.subarray(cut)];
      expect(read(new LineReader(1 << 20), chunks)).toEqual(messages);
    }
    const bytes = [...wire].map((byte) => Buffer.from([byte]));
    expect(read(new LineReader(1 << 20), bytes)).toEqual(messages);
  });

  it('frames several messages in one chunk, and CRLF lines', () => {
    expect(read(new LineReader(1 << 20), [wire])).toEqual(messages);
    const crlf = Buffer.from(messages.map((message) => `${JSON.stringify(message)}\r\n`).join(''));
    expect(read(new LineReader(1 << 20), [crlf])).toEqual(messages);
  });

  it('reads what the SDK reads, a malformed line included (an error, then the next message)', () => {
    const mixed = Buffer.from(
      `${JSON.stringify(messages[0])}\n{not json\n{"jsonrpc":"1.0"}\n${JSON.stringify(messages[1])}\n`,
    );
    const ours = read(new LineReader(1 << 20), [mixed.subarray(0, 30), mixed.subarray(30)]);
    const sdk = read(new ReadBuffer(), [mixed.subarray(0, 30), mixed.subarray(30)]);
    expect(ours).toEqual(sdk);
    expect(ours).toEqual([messages[0], 'error: SyntaxError', 'error: ZodError', messages[1]]);
  });

  it('refuses more than its cap of unframed bytes with the SDK error, then reads on', () => {
    const reader = new LineReader(100);
    reader.append(Buffer.from('{"jsonrpc":"2.0",'));
    expect(() => reader.append(Buffer.alloc(100, 0x20))).toThrow(
      'ReadBuffer exceeded maximum size of 100 bytes',
    );
    expect(read(reader, [Buffer.from(`${JSON.stringify(messages[1])}\n`)])).toEqual([messages[1]]);
  });

  it('counts only unread bytes against the cap', () => {
    const line = Buffer.from(`${JSON.stringify(messages[1])}\n`);
    const reader = new LineReader(line.length);
    expect(
      read(
        reader,
        Array.from({ length: 50 }, () => line),
      ),
    ).toHaveLength(50);
  });
});

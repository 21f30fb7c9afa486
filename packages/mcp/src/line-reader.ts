import { StringDecoder } from 'node:string_decoder';
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Frames an upstream's stdout into JSON-RPC messages, one a line, as the SDK's `ReadBuffer`
 * does (same cap, same error, same parsing) without re-concatenating a Buffer for every pipe
 * chunk: a 1 MB `tools/list` line came as ~16 chunks and cost ~8 MB of C-heap copies, whose
 * holes the allocator kept. Chunks are decoded as they come (a character split between two
 * chunks is held by the decoder), so a line is only ever JavaScript strings.
 */
export class LineReader {
  private readonly decoder = new StringDecoder('utf8');
  /** Decoded text not yet returned, in order; the first `searched` hold no newline. */
  private parts: string[] = [];
  private searched = 0;
  /** Bytes received and not yet returned as lines, against the cap. */
  private pendingBytes = 0;

  constructor(private readonly maxBytes: number) {}

  append(chunk: Buffer): void {
    if (this.pendingBytes + chunk.length > this.maxBytes) {
      this.clear();
      // The SDK's words: the gateway tells an oversized message by them (upstream.ts).
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    this.pendingBytes += chunk.length;
    const text = this.decoder.write(chunk);
    if (text) this.parts.push(text);
  }

  /** The next complete message, or null; throws for a line that is not a JSON-RPC message. */
  readMessage(): JSONRPCMessage | null {
    const { parts } = this;
    for (let i = this.searched; i < parts.length; i++) {
      const end = parts[i]!.indexOf('\n');
      if (end === -1) {
        this.searched = i + 1;
        continue;
      }
      const line = parts.slice(0, i).join('') + parts[i]!.slice(0, end);
      const rest = parts[i]!.slice(end + 1);
      this.parts = rest ? [rest, ...parts.slice(i + 1)] : parts.slice(i + 1);
      this.searched = 0;
      this.pendingBytes = Math.max(0, this.pendingBytes - Buffer.byteLength(line) - 1);
      // Consumed before parsing, so a malformed line is dropped and the next one still read.
      return deserializeMessage(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    return null;
  }

  clear(): void {
    this.decoder.end();
    this.parts = [];
    this.searched = 0;
    this.pendingBytes = 0;
  }
}

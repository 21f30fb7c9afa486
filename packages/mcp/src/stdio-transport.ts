import {
  StdioClientTransport,
  type StdioServerParameters,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { LineReader } from './line-reader.js';

/**
 * The SDK's stdio transport (its spawn, environment defaults, stderr and close) reading with
 * `LineReader`. The SDK keeps its reader in a private field; `hasLineReader` tells whether the
 * swap took, and a test fails when an SDK release renames the field.
 */
export function stdioTransport(parameters: StdioServerParameters): StdioClientTransport {
  const transport = new StdioClientTransport(parameters);
  const fields = transport as unknown as { _readBuffer?: { append?: unknown } };
  if (typeof fields._readBuffer?.append === 'function') {
    fields._readBuffer = new LineReader(parameters.maxBufferSize ?? STDIO_DEFAULT_MAX_BUFFER_SIZE);
  }
  return transport;
}

/** Whether `transport` reads with `LineReader` (false: the SDK changed; its own reader runs). */
export function hasLineReader(transport: StdioClientTransport): boolean {
  return (transport as unknown as { _readBuffer?: unknown })._readBuffer instanceof LineReader;
}

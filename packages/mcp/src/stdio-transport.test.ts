import { describe, expect, it } from 'vitest';
import { hasLineReader, stdioTransport } from './stdio-transport.js';

describe('stdioTransport', () => {
  // Fails when an SDK release renames its private reader: the gateway would fall back to the
  // SDK's, which copies the whole buffer for every pipe chunk of a large tools/list.
  it("replaces the SDK's stdio reader with LineReader", () => {
    expect(hasLineReader(stdioTransport({ command: process.execPath, args: ['-e', ''] }))).toBe(
      true,
    );
  });
});

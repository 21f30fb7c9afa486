import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDownstreamServer } from './downstream-server.js';
import type { Gateway } from './gateway.js';
import type { ModeOptions } from './mode-options.js';

/** Serves the gateway on this process's stdin/stdout, as MCP clients start stdio servers. */
export async function serveStdio(
  gateway: Gateway,
  options: ModeOptions = {},
): Promise<{ close(): Promise<void> }> {
  const server = createDownstreamServer(gateway, options);
  await server.connect(new StdioServerTransport());
  return { close: () => server.close() };
}

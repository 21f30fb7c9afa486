import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the hostile HTTP upstream sends too much of, and how. */
export interface HttpUpstreamFault {
  /** `result`: `huge_result` answers this many bytes; `list`: tools/list holds this many bytes. */
  readonly oversized: 'result' | 'list';
  readonly bytes: number;
  /** Answer as an event stream (the SDK server's default) instead of a JSON body. */
  readonly events?: boolean;
}

/**
 * A Streamable-HTTP MCP server on 127.0.0.1 speaking raw JSON-RPC (no SDK in the suite): one
 * `huge_result` tool, or a tools/list, of `bytes` bytes. Resolves with its URL and a stop.
 */
export async function startHttpUpstream(
  fault: HttpUpstreamFault,
): Promise<{ url: string; close(): Promise<void> }> {
  const tool = (name: string, description: string) => ({
    name,
    description,
    inputSchema: { type: 'object', properties: {} },
  });
  const answer = (request: { method: string; params?: { protocolVersion?: string } }) => {
    switch (request.method) {
      case 'initialize':
        return {
          protocolVersion: request.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'hostile-http', version: '1.0.0' },
        };
      case 'tools/list':
        return fault.oversized === 'list'
          ? { tools: [tool('bulky', 'x'.repeat(fault.bytes))] }
          : { tools: [tool('huge_result', 'Return a very large text')] };
      case 'tools/call':
        return { content: [{ type: 'text', text: 'y'.repeat(fault.bytes) }] };
      default:
        return {};
    }
  };
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { id?: number; method: string };
      if (request.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const reply = JSON.stringify({ jsonrpc: '2.0', id: request.id, result: answer(request) });
      if (fault.events) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`event: message\ndata: ${reply}\n\n`);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

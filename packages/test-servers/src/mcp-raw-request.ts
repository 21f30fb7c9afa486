import { request } from 'node:http';

/** The JSON-RPC `initialize` an MCP client sends first, as body text, from client `clientName`. */
export function mcpInitialize(clientName = 'raw'): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: clientName, version: '1' },
    },
  });
}

/** What a raw request to an MCP HTTP endpoint got back. */
export interface RawMcpAnswer {
  readonly status: number;
  readonly body: string;
  /** The `mcp-session-id` header, when the server set one. */
  readonly session?: string;
}

/** How `sendMcpRequest` sends, beyond the JSON content type and the MCP accept header. */
export interface RawMcpRequest {
  /** @default 'POST' */
  readonly method?: string;
  /** Sent after the content type and accept headers, so they may replace them. */
  readonly headers?: Readonly<Record<string, string>>;
  /** @default '' */
  readonly body?: string;
  /** The Host header exactly as sent, or false for none. @default url.host */
  readonly host?: string | false;
  /** Where to connect, e.g. 127.0.0.1 for a server bound to 0.0.0.0. @default url.hostname */
  readonly address?: string;
}

/**
 * One raw HTTP request to an MCP endpoint, as a browser, an attacker or a client that never
 * cleans up would send it: Host and Origin as given, no SDK in between. For tests of a gateway's
 * HTTP checks (Host, Origin, token, session limits).
 */
export function sendMcpRequest(url: URL, options: RawMcpRequest = {}): Promise<RawMcpAnswer> {
  const { method = 'POST', headers = {}, body = '', host = url.host } = options;
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: options.address ?? url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port,
        path: url.pathname + url.search,
        method,
        setHost: false,
        headers: {
          ...(host === false ? {} : { host }),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const session = response.headers['mcp-session-id'];
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            ...(typeof session === 'string' ? { session } : {}),
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

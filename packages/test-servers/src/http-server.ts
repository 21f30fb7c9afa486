import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request with its body read, and the headers the tests assert on. */
export interface ReceivedRequest {
  readonly method: string;
  /** The URL as sent, query string included. */
  readonly url: string;
  /** The URL path without its query string. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The Stainless SDKs' retry counter header: '0' on a first attempt. */
  readonly retryCount: string | undefined;
  /** Date.now() when the body arrived, to check retry-after waits. */
  readonly receivedAt: number;
}

export type RequestHandler = (request: ReceivedRequest, res: ServerResponse) => unknown;

export interface HttpServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Ends open and stalled exchanges, then stops listening. */
  close(): Promise<void>;
}

function readText(req: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/**
 * Starts a real HTTP server on 127.0.0.1 on a free port; `handle` gets each request with its body
 * read. A handler that throws answers 500 with the message, so a broken script fails loudly.
 */
export async function startHttpServer(handle: RequestHandler): Promise<HttpServer> {
  const open = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    try {
      const text = await readText(req);
      const retry = req.headers['x-stainless-retry-count'];
      await handle(
        {
          method: req.method ?? 'GET',
          url: req.url ?? '',
          path: (req.url ?? '').split('?')[0]!,
          headers: req.headers,
          text,
          retryCount: Array.isArray(retry) ? retry[0] : retry,
          receivedAt: Date.now(),
        },
        res,
      );
    } catch (error) {
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `test server: ${(error as Error).message}` } }));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import type { RemoteFault } from '@shortlist/conformance';
import { startHttpServer } from '../http-server.js';
import { sendHalfJson, sendJson } from '../send-json.js';
import { vectorOf } from '../vector-of.js';
import type { EmbeddingsWire, WireItem } from './embeddings-wire.js';

/** A request the server received: its parsed body, its texts and the headers tests check. */
export interface EmbeddingsRequest<Body> {
  readonly method: string;
  readonly url: string;
  readonly body: Body;
  readonly texts: readonly string[];
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  /** The Stainless SDKs' retry counter: '0' on a first attempt. */
  readonly retryCount: string | undefined;
  readonly receivedAt: number;
}

/**
 * A scripted answer to the next request, in place of the normal one: a status (with
 * `retry-after`), a slow, hung, cut, stalled or malformed answer, or rewritten vectors. The
 * conformance kit's `RemoteFault`, so its remote-embedder suite scripts this server directly.
 */
export type EmbeddingsFault = RemoteFault;

/** Settings of `startEmbeddingsServer`. */
export interface EmbeddingsServerOptions<Body> {
  readonly wire: EmbeddingsWire<Body>;
  /** Vector length when the request does not ask for one. @default 8 */
  readonly dimensions?: number;
  /** The vector of a text. @default vectorOf (hash-seeded, unrelated texts far apart) */
  readonly vector?: (text: string, dimensions: number) => ArrayLike<number>;
  /** Models served; a request for another gets a 404 as Ollama words it. @default any model */
  readonly models?: readonly string[];
}

export interface EmbeddingsServer<Body> {
  /** What to point the client at: the wire's base or endpoint URL. */
  readonly url: string;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly requests: EmbeddingsRequest<Body>[];
  /** Queues faults; each request consumes one, then the server answers normally. */
  script(...faults: EmbeddingsFault[]): void;
  /** Forgets recorded requests, unused faults and the wire's state, between tests. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1 speaking one provider's embeddings wire, with scripted
 * faults (statuses with retry-after, stalls, cut and malformed bodies, rewritten vectors): the
 * one local embeddings server every embedder, CLI and hostile test runs against.
 */
export async function startEmbeddingsServer<Body>(
  options: EmbeddingsServerOptions<Body>,
): Promise<EmbeddingsServer<Body>> {
  const { wire, models } = options;
  const vector = options.vector ?? vectorOf;
  const requests: EmbeddingsRequest<Body>[] = [];
  const faults: EmbeddingsFault[] = [];
  const http = await startHttpServer(async (req, res) => {
    if (wire.route?.(req, res)) return;
    if (req.method !== 'POST' || (wire.path !== undefined && req.path !== wire.path)) {
      sendJson(res, 404, wire.error(`no route ${req.method} ${req.url}`));
      return;
    }
    const body = JSON.parse(req.text || '{}') as Body;
    const texts = wire.texts(body);
    requests.push({
      method: req.method,
      url: req.url,
      body,
      texts,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      retryCount: req.retryCount,
      receivedAt: req.receivedAt,
    });
    const model = wire.model(body);
    if (models && !models.includes(String(model))) {
      sendJson(res, 404, wire.error(`model "${model}" not found, try pulling it first`));
      return;
    }
    const fault = faults.shift();
    if (fault?.kind === 'status') {
      sendJson(res, fault.status, fault.body ?? wire.error('scripted failure'), fault.headers);
      return;
    }
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
    if (res.destroyed) return;
    if (fault?.kind === 'not-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(wire.brokenBody);
      return;
    }
    const dimensions = wire.dimensions(body) ?? options.dimensions ?? 8;
    let items: WireItem[] = texts.map((text, index) => ({
      index,
      embedding: Array.from(vector(text, dimensions)),
    }));
    if (fault?.kind === 'rewrite') items = fault.items(items);
    const payload = wire.encode(items, body);
    if (fault?.kind === 'stall-body') return sendHalfJson(res, payload, 'stall');
    if (fault?.kind === 'truncate') return sendHalfJson(res, payload, 'drop');
    sendJson(res, 200, payload);
  });
  return {
    url: wire.url(http.origin),
    origin: http.origin,
    requests,
    script: (...more) => {
      faults.push(...more);
    },
    reset: () => {
      requests.length = 0;
      faults.length = 0;
      wire.reset?.();
    },
    close: () => http.close(),
  };
}
